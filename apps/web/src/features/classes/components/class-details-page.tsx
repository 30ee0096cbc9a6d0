import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ClassSummary } from '@soulpunch/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClass } from '../api/get-class';
import {
  CLASS_LEVEL_LABELS,
  CLASS_TYPE_LABELS,
  classCalendarFile,
  classTimeText,
  externalUrl,
  formatLongDate,
  spotsLeftText,
} from '../format';
import { CancelRegistrationPanel } from './cancel-registration-panel';
import { PublicFrame } from './public-frame';
import { RegistrationForm } from './registration-form';
import { SubscribeLink } from './subscribe-link';

function parseClassId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={700} c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function ClassNotFound() {
  return (
    <ErrorView
      title="Class not found"
      message="This class does not exist or is no longer listed."
      actions={
        <Button component={Link} to="/public/classes">
          Browse Upcoming Classes
        </Button>
      }
    />
  );
}

function RegistrationSection({ c }: { c: ClassSummary }) {
  if (c.status === 'cancelled') return null;
  const closed = Date.parse(c.start) <= Date.now();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="register-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="register-heading">
          Register
        </Title>
        {closed ? (
          <Text c="gray.7">Registration for this class is closed.</Text>
        ) : (
          <>
            <Text size="sm" c="gray.7">
              {c.spotsLeft > 0
                ? 'Reserve your place: the confirmation and a calendar invite come by e-mail.'
                : 'This class is full. Join the waitlist and we will e-mail you if a place opens.'}
            </Text>
            <RegistrationForm classId={c.id} full={c.spotsLeft <= 0} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ClassDetails({ c, cancelToken }: { c: ClassSummary; cancelToken: string | null }) {
  useDocumentTitle(`${c.title} | Soul Punch Classes`);
  const cancelled = c.status === 'cancelled';
  const payment = externalUrl(c.paymentLink);

  return (
    <Stack gap="lg">
      {cancelToken && <CancelRegistrationPanel token={cancelToken} />}
      <Stack gap="xs">
        <Group gap={6}>
          <Badge variant="filled">{CLASS_TYPE_LABELS[c.type]}</Badge>
          <Badge variant="light" color="grape">
            {CLASS_LEVEL_LABELS[c.level]}
          </Badge>
          {cancelled && (
            <Badge color="red.9" variant="filled">
              Cancelled
            </Badge>
          )}
        </Group>
        <Title order={1}>{c.title}</Title>
        <Text>
          with{' '}
          <Anchor component={Link} to={`/public/trainer/${c.trainerId}`} fw={600}>
            {c.trainerName}
          </Anchor>
        </Text>
      </Stack>

      {cancelled && (
        <Alert color="red" variant="light">
          This class has been cancelled.
        </Alert>
      )}

      <Paper withBorder radius="md" p="lg">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Fact label="Date">{formatLongDate(c.date)}</Fact>
          <Fact label="Time">{classTimeText(c)}</Fact>
          <Fact label="Location">
            {c.location}
            {c.address && (
              <>
                <br />
                {c.address}
              </>
            )}
          </Fact>
          <Fact label="Price">{c.priceLabel}</Fact>
          <Fact label="Spots">
            <span data-testid="spots-left">{spotsLeftText(c)}</span>
            {cancelled ? '' : ` · Capacity ${c.capacity}`}
          </Fact>
          {c.tags.length > 0 && <Fact label="Tags">{c.tags.join(', ')}</Fact>}
        </SimpleGrid>
      </Paper>

      {c.notes && (
        <Stack gap="xs" component="section" aria-labelledby="about-heading">
          <Title order={2} size="h3" id="about-heading">
            About this class
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{c.notes}</Text>
        </Stack>
      )}

      {/* A cancelled class offers nothing to pay for, add or register for. */}
      <Group gap="md">
        {payment && !cancelled && (
          <Button
            component="a"
            href={payment}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          >
            Pay for this class
          </Button>
        )}
        {!cancelled && <SubscribeLink feed={classCalendarFile(c.id)}>Add to calendar</SubscribeLink>}
      </Group>

      <RegistrationSection c={c} />
    </Stack>
  );
}

/** /public/class/{id}: one class, with registration, payment and the e-mailed cancel link's landing. */
export function ClassDetailsPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const classId = parseClassId(id);
  const cancelToken = searchParams.get('cancel')?.trim() || null;
  const query = useClass(classId);

  let body: ReactNode;
  if (classId === null || isApiError(query.error, 404)) body = <ClassNotFound />;
  else if (query.isPending) body = <PageLoader label="Loading class" />;
  else if (query.isError) {
    body = (
      <ErrorView
        title="Unable to load this class"
        message={getErrorMessage(query.error)}
        actions={<Button onClick={() => query.refetch()}>Try Again</Button>}
      />
    );
  } else body = <ClassDetails c={query.data} cancelToken={cancelToken} />;

  return (
    <PublicFrame variant="public" back={{ to: '/public/classes', label: 'Back to Classes' }} withLegalLinks>
      {body}
    </PublicFrame>
  );
}
