import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { IntegrationsAnswer } from '@soulpunch/shared';
import type { ReactNode } from 'react';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useIntegrations, useSendTestEmail } from '../../api/integrations';

const GB = 1024 ** 3;
const size = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
const when = (at: string | null) => (at ? formatTimestamp(at) : 'Never');

function Status({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    // Shade 9 keeps the badge's white text above 4.5:1.
    <Badge color={ok ? 'teal.9' : 'red.9'} variant="filled">
      {children}
    </Badge>
  );
}

/** One provider's card: its name, a status, then label-value lines. */
function ProviderCard({
  title,
  status,
  lines,
  children,
}: {
  title: string;
  status: ReactNode;
  lines: Array<[string, ReactNode]>;
  children?: ReactNode;
}) {
  const id = `integration-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {status}
        </Group>
        {lines.map(([label, value]) => (
          <Text key={label} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {label}:
            </Text>{' '}
            {value}
          </Text>
        ))}
        {children}
      </Stack>
    </Card>
  );
}

function PaymentsCard({ payments: p }: { payments: IntegrationsAnswer['payments'] }) {
  const hook = p.lastWebhook;
  const ok = !hook || hook.result === 'processed';
  return (
    <ProviderCard
      title="Payments"
      status={<Status ok={ok}>{hook ? (ok ? 'Working' : 'Last webhook failed') : 'No webhook yet'}</Status>}
      lines={[
        ['Provider', p.provider === 'stripe' ? 'Stripe' : 'Test provider (no real payments)'],
        ['Mode', p.mode === 'live' ? 'Live' : 'Test'],
        ['Last webhook', hook ? `${when(hook.receivedAt)} (${hook.type}): ${hook.result}` : 'None received'],
        ...(hook?.error ? ([['Error', hook.error]] as Array<[string, string]>) : []),
        ['Failed in the last 7 days', String(p.failedLastWeek)],
      ]}
    />
  );
}

function MailCard({ mail }: { mail: IntegrationsAnswer['mail'] }) {
  const canChange = useCanChangeAdminArea();
  const test = useSendTestEmail();
  const failedLast = !!mail.lastFailure && (!mail.lastSentAt || mail.lastFailure.at > mail.lastSentAt);
  return (
    <ProviderCard
      title="Mail"
      status={<Status ok={!failedLast}>{failedLast ? 'Last send failed' : 'Working'}</Status>}
      lines={[
        [
          'Transport',
          mail.transport === 'smtp' ? 'SMTP server' : 'Outbox (development: nothing leaves the machine)',
        ],
        ['From', mail.from],
        ['Last sent', when(mail.lastSentAt)],
        [
          'Last failure',
          mail.lastFailure ? `${when(mail.lastFailure.at)}: ${mail.lastFailure.error}` : 'None',
        ],
        ['Waiting to be sent', String(mail.waiting)],
      ]}
    >
      {canChange && (
        <Button
          variant="light"
          size="sm"
          loading={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: (answer) =>
                notifications.show(
                  answer.delivered
                    ? { color: 'green', title: 'Test e-mail sent', message: `Sent to ${answer.sentTo}.` }
                    : {
                        color: 'red',
                        title: 'The mail server refused it',
                        message: answer.error ?? 'No reason given.',
                      },
                ),
              onError: (error) =>
                notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
            })
          }
        >
          Send a test e-mail
        </Button>
      )}
    </ProviderCard>
  );
}

function StorageCard({ storage: s }: { storage: IntegrationsAnswer['storage'] }) {
  return (
    <ProviderCard
      title="Storage"
      status={<Status ok={s.reachable}>{s.reachable ? 'Reachable' : 'Not reachable'}</Status>}
      lines={[
        ['Kind', s.kind === 's3' ? 'S3-compatible bucket' : 'Disk'],
        ['Location', s.location],
        ...(s.freeBytes !== null && s.totalBytes !== null
          ? ([['Free space', `${size(s.freeBytes)} of ${size(s.totalBytes)}`]] as Array<[string, string]>)
          : []),
        ...(s.problem ? ([['Problem', s.problem]] as Array<[string, string]>) : []),
      ]}
    />
  );
}

function AssistantCard({ assistant: a }: { assistant: IntegrationsAnswer['assistant'] }) {
  return (
    <ProviderCard
      title="Assistant model"
      status={<Status ok>{a.configured ? 'Configured' : 'Knowledge base only'}</Status>}
      lines={[
        ['Model', a.model ?? 'None: answers quote the knowledge base'],
        ['Last answer', when(a.lastAnswerAt)],
        ...(a.configured
          ? ([['Last answer by the model', when(a.lastModelAnswerAt)]] as Array<[string, string]>)
          : []),
      ]}
    />
  );
}

/** Each outside service as the app's records show it, so the team can tell what is wrong without logs. */
export function IntegrationsCard() {
  const integrations = useIntegrations();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="integrations-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="integrations-title">
            Integrations
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={() => integrations.refetch()}
            loading={integrations.isFetching}
          >
            Check again
          </Button>
        </Group>
        {integrations.isPending ? (
          <Loader size="sm" aria-label="Loading the integrations" />
        ) : integrations.isError ? (
          <Text c="red.9">{getErrorMessage(integrations.error)}</Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PaymentsCard payments={integrations.data.payments} />
              <MailCard mail={integrations.data.mail} />
              <StorageCard storage={integrations.data.storage} />
              <AssistantCard assistant={integrations.data.assistant} />
            </SimpleGrid>
            <Text size="xs" c="gray.7">
              Checked {formatTimestamp(integrations.data.checkedAt)}.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
