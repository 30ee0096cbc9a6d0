import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicClass } from '@soulpunch/shared';
import { IconCalendarEvent, IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { externalUrl, formatClassDate } from '../format';
import { classPagePath } from '../paths';
import classes from './directory-card.module.css';

const when = (c: PublicClass) => [formatClassDate(c.date), c.time].filter(Boolean).join(' · ');

/**
 * One class in a directory card: what (linked to the class's page, where its places and waitlist are), when,
 * where, price, and the trainer's external payment link when it has one. Named for what it does: it pays, and
 * takes no place (the class page's 'Reserve My Spot' does).
 */
export function ClassSummary({ upcomingClass }: { upcomingClass: PublicClass }) {
  const payment = externalUrl(upcomingClass.paymentLink);
  return (
    <li className={classes.class}>
      <div className={classes.classWhat}>
        <Link to={classPagePath(upcomingClass.id)} className={classes.link}>
          {upcomingClass.title}
        </Link>
        <p className={classes.muted}>{when(upcomingClass)}</p>
        <p className={classes.muted}>
          {upcomingClass.location} · {upcomingClass.price}
        </p>
      </div>
      {payment && (
        <a
          href={payment}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.link}
          aria-label={`Pay for Class: ${upcomingClass.title}`}
        >
          Pay for Class
        </a>
      )}
    </li>
  );
}

/** One class on the trainer's profile page: its title and 'Class Details' lead to the class's page. */
export function ClassCard({ upcomingClass }: { upcomingClass: PublicClass }) {
  const register = externalUrl(upcomingClass.paymentLink);
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Anchor component={Link} to={classPagePath(upcomingClass.id)} inherit>
            {upcomingClass.title}
          </Anchor>
        </Title>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden="true" />
          <Text size="sm">{when(upcomingClass)}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={16} aria-hidden="true" />
          <Text size="sm">{upcomingClass.location}</Text>
        </Group>
        <Text size="sm" fw={700}>
          {upcomingClass.price}
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={classPagePath(upcomingClass.id)}
            variant="default"
            size="sm"
            aria-label={`Class Details: ${upcomingClass.title}`}
          >
            Class Details
          </Button>
          {register && (
            <Button
              component="a"
              href={register}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              rightSection={<IconExternalLink size={14} aria-hidden="true" />}
            >
              Register Now
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
