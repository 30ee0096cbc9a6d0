import { Alert, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CertificationView, formatUsd } from '@soulpunch/shared';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { getErrorMessage } from '@/lib/api-client';
import { useCertification, usePayRenewalFee, useRenewCertification } from '../api/certification';
import { formatCertificateDay } from '../format';
import { ProofDownloads } from './proof-downloads';
import { CertificationStatusBadge } from './status-badge';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </div>
  );
}

/** The renewal reminder the dashboard shows (the same thresholds as the e-mails), with what renewal requires. */
function RenewalNotice({ view }: { view: CertificationView }) {
  const lapsed = view.status === 'lapsed';
  if (!lapsed && view.status !== 'renewal_due') return null;
  const day = formatCertificateDay(view.expiresOn);
  return (
    <Alert
      color={lapsed ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={lapsed ? 'Your certification has lapsed' : 'Your certification renewal is due'}
    >
      {lapsed
        ? `Your certification expired on ${day}. Until you renew, you are not listed in the public directory.`
        : `Your certification expires on ${day} (in ${view.daysLeft} days). Renew before then to stay listed.`}
    </Alert>
  );
}

function Requirements({ view }: { view: CertificationView }) {
  const { requirements } = view.renewal;
  if (requirements.length === 0)
    return <Text size="sm">Renewal has no requirement besides your request.</Text>;
  return (
    <List spacing="xs" size="sm" aria-label="What renewal requires">
      {requirements.map((r) => (
        <List.Item
          key={r.key}
          icon={
            <ThemeIcon size={20} radius="xl" color={r.met ? 'teal.9' : 'gray.7'} aria-hidden>
              {r.met ? <IconCheck size={14} /> : <IconX size={14} />}
            </ThemeIcon>
          }
        >
          {r.label}: {r.met ? 'done' : 'not yet'}
        </List.Item>
      ))}
    </List>
  );
}

const failed = (title: string) => (error: unknown) =>
  notifications.show({ color: 'red', title, message: getErrorMessage(error) });

/**
 * Renew, or (when renewal requires the fee and it is unpaid) pay the fee at the provider: paying renews at once,
 * so it opens once the rest of what renewal requires is met.
 */
function RenewalAction({ trainerId, view }: { trainerId: number; view: CertificationView }) {
  const renew = useRenewCertification(trainerId);
  const pay = usePayRenewalFee(trainerId);
  const { feeCents, canPayFee, requirements } = view.renewal;
  const feeUnpaid = feeCents !== null && requirements.some((r) => r.key === 'fee' && !r.met);
  if (feeUnpaid) {
    return (
      <Stack gap="xs">
        <Text size="sm">
          {canPayFee
            ? `Paying the renewal fee of ${formatUsd(feeCents)} renews your certificate at once.`
            : `Once the rest is done, pay the renewal fee of ${formatUsd(feeCents)} to renew.`}
        </Text>
        <Group>
          <Button
            disabled={!canPayFee}
            loading={pay.isPending || pay.isSuccess}
            onClick={() =>
              pay.mutate(undefined, {
                onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
                onError: failed('Payment unavailable'),
              })
            }
          >
            Pay Renewal Fee
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group>
      <Button
        disabled={!view.renewal.canRenew}
        loading={renew.isPending}
        onClick={() =>
          renew.mutate(undefined, {
            onSuccess: ({ certification: next }) =>
              notifications.show({
                color: 'green',
                title: 'Certification renewed',
                message: `Valid through ${formatCertificateDay(next.expiresOn)}`,
              }),
            onError: failed('Renewal failed'),
          })
        }
      >
        Renew Certification
      </Button>
    </Group>
  );
}

/** The trainer's certification on the portal dashboard: status, number, expiry, what renewal requires, Renew. */
export function CertificationStatusCard({ trainerId }: { trainerId: number }) {
  const certification = useCertification(trainerId);
  const view = certification.data;
  if (!view) {
    return certification.isError ? (
      <Alert color="red" role="alert" title="Certification unavailable">
        {getErrorMessage(certification.error)}
      </Alert>
    ) : null;
  }
  const issued = view.status !== 'in_training';
  const renewable = view.status === 'renewal_due' || view.status === 'lapsed';
  return (
    <Stack gap="lg">
      <RenewalNotice view={view} />
      <Card
        withBorder
        radius="md"
        padding="lg"
        component="section"
        aria-labelledby="certification-status-title"
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="certification-status-title">
              Certificate
            </Title>
            <CertificationStatusBadge status={view.status} />
          </Group>
          {!issued && (
            <Text size="sm">
              Your certificate is issued once your program is paid, your documents are signed and you have
              completed a training session.
            </Text>
          )}
          {issued && (
            <>
              <Fact label="Certificate Number">{view.certificateNumber ?? 'Not issued'}</Fact>
              <Group gap="xl">
                <Fact label="Issued">{formatCertificateDay(view.issuedOn)}</Fact>
                <Fact label="Valid Through">{formatCertificateDay(view.expiresOn)}</Fact>
              </Group>
              <ProofDownloads trainerId={trainerId} view={view} />
            </>
          )}
          {view.insurancePaused && (
            <Alert color="red" variant="light" title="Listing paused">
              Your public listing is paused until a current insurance policy is on file and accepted.
            </Alert>
          )}
          {renewable && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Renewal
              </Title>
              <Requirements view={view} />
              <Text size="sm">
                Renewing keeps your dates: your certificate will be valid through{' '}
                {formatCertificateDay(view.renewal.nextExpiresOn)}.
              </Text>
              <RenewalAction trainerId={trainerId} view={view} />
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
