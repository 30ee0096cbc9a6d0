import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ClassSummary } from '@soulpunch/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { SubscribeLink } from '@/components/subscribe-link';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useClass } from '../api/get-class';
import type { RegistrationResult } from '../api/register-for-class';
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
import { RegistrationForm, RegistrationOutcome } from './registration-form';

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

/** The outcome the server sent the browser back with, for the form posted before the page came alive. */
interface PostedRegistration {
  result: RegistrationResult | null;
  cancelled: boolean;
  form: { name: string; email: string; error: string | null } | undefined;
}

function postedRegistration(searchParams: URLSearchParams): PostedRegistration {
  const cancelled = searchParams.get('cancelled') === '1';
  const registered = searchParams.get('registered');
  if (registered === 'registered' || registered === 'waitlisted') {
    const position = Number(searchParams.get('position'));
    return {
      result: { status: registered, position: Number.isInteger(position) && position > 0 ? position : null },
      cancelled,
      form: undefined,
    };
  }
  const error = searchParams.get('error');
  // An error beside a cancel link is the cancellation's: the panel asks the link's status itself.
  if (!error || searchParams.has('cancel')) return { result: null, cancelled, form: undefined };
  return {
    result: null,
    cancelled,
    form: { name: searchParams.get('name') ?? '', email: searchParams.get('email') ?? '', error },
  };
}

function RegistrationSection({
  c,
  readAt,
  posted,
}: {
  c: ClassSummary;
  /** When the class was read: the server's page and the browser's first render judge 'closed' from one moment. */
  readAt: number;
  posted: PostedRegistration;
}) {
  // Once this person has registered, the section says only that: the class may be full now because of them.
  const [result, setResult] = useState<RegistrationResult | null>(posted.result);
  if (c.status === 'cancelled') return null;
  const closed = Date.parse(c.start) <= readAt;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="register-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="register-heading">
          Register
        </Title>
        {result ? (
          <RegistrationOutcome result={result} />
        ) : closed ? (
          <Text c="gray.7">Registration for this class is closed.</Text>
        ) : (
          <>
            <Text size="sm" c="gray.7">
              {c.spotsLeft > 0
                ? 'Reserve your place: the confirmation and a calendar invite come by e-mail.'
                : 'This class is full. Join the waitlist and we will e-mail you if a place opens.'}
            </Text>
            <RegistrationForm
              classId={c.id}
              full={c.spotsLeft <= 0}
              onRegistered={setResult}
              posted={posted.form}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ClassDetails({
  c,
  readAt,
  cancelToken,
  posted,
}: {
  c: ClassSummary;
  readAt: number;
  cancelToken: string | null;
  posted: PostedRegistration;
}) {
  // The cancel link's button pressed before the page came alive: the server cancelled and sent the browser here.
  const [registrationCancelled] = useState(() => posted.cancelled);
  const cancelled = c.status === 'cancelled';
  const payment = externalUrl(c.paymentLink);

  return (
    <Stack gap="lg">
      {(cancelToken || registrationCancelled) && (
        <CancelRegistrationPanel
          classId={c.id}
          token={cancelToken}
          cancelled={registrationCancelled}
          started={Date.parse(c.start) <= readAt}
        />
      )}
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
      {c.price > 0 && !payment && !cancelled && (
        <Text size="sm" c="gray.7">
          This class costs {c.priceLabel} and has no online payment: contact {c.trainerName} to arrange how to
          pay.
        </Text>
      )}

      <RegistrationSection c={c} readAt={readAt} posted={posted} />
    </Stack>
  );
}

/**
 * The class, its registration form and a cancel link's panel (which may change what the class shows): the page's
 * island (decision record 0013).
 */
export function ClassDetailsContent({ id }: { id: string }) {
  const [searchParams] = useSearchParams();
  const classId = parseClassId(id);
  const cancelToken = searchParams.get('cancel')?.trim() || null;
  const query = useClass(classId);

  let body: ReactElement;
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
  } else {
    body = (
      <ClassDetails
        c={query.data}
        readAt={query.dataUpdatedAt}
        cancelToken={cancelToken}
        posted={postedRegistration(searchParams)}
      />
    );
  }

  return body;
}
