import {
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  type TitleOrder,
  VisuallyHidden,
} from '@mantine/core';
import type { ClassSummary } from '@soulpunch/shared';
import { IconCalendarEvent, IconClock, IconMapPin, IconUser, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CLASS_LEVEL_LABELS,
  CLASS_TYPE_LABELS,
  classDetailsPath,
  classTimeText,
  formatLongDate,
  spotsLeftText,
} from '../format';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

const iconProps = { size: 16, 'aria-hidden': true, style: { flexShrink: 0, marginTop: 3 } } as const;

/** A class on the public classes page (spec 2 'Public classes'). */
export function ClassCard({
  classSummary: c,
  headingOrder,
}: {
  classSummary: ClassSummary;
  headingOrder: TitleOrder;
}) {
  const headingId = `class-${c.id}-title`;
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap={6}>
            <Badge variant="filled">{CLASS_TYPE_LABELS[c.type]}</Badge>
            <Badge variant="light" color="grape">
              {CLASS_LEVEL_LABELS[c.level]}
            </Badge>
          </Group>
          <Text fw={800} size="lg">
            <VisuallyHidden>Price: </VisuallyHidden>
            <span>{c.priceLabel}</span>
          </Text>
        </Group>
        <Title order={headingOrder} size="h4" id={headingId}>
          {c.title}
        </Title>
        <Stack gap={4}>
          <Line icon={<IconUser {...iconProps} />}>with {c.trainerName}</Line>
          <Line icon={<IconMapPin {...iconProps} />}>
            {c.location}
            {c.address && (
              <>
                <br />
                <Text span size="sm" c="gray.7">
                  {c.address}
                </Text>
              </>
            )}
          </Line>
          <Line icon={<IconCalendarEvent {...iconProps} />}>{formatLongDate(c.date)}</Line>
          <Line icon={<IconClock {...iconProps} />}>{classTimeText(c)}</Line>
          <Line icon={<IconUsers {...iconProps} />}>
            <Text span size="sm" fw={600} c={c.spotsLeft > 0 ? undefined : 'red.9'}>
              {spotsLeftText(c)}
            </Text>{' '}
            · Capacity {c.capacity}
          </Line>
        </Stack>
        {c.tags.length > 0 && (
          <Group gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tags">
            {c.tags.map((tag) => (
              <Badge key={tag} component="li" variant="outline" color="gray.7" size="sm" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Button
          component={Link}
          to={classDetailsPath(c.id)}
          aria-describedby={headingId}
          mt="auto"
          style={{ alignSelf: 'flex-start' }}
        >
          View Details
        </Button>
      </Stack>
    </Card>
  );
}
