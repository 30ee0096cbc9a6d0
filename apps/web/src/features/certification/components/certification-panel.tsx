import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CERTIFICATION_STATUS_LABELS,
  type CertificationActionKind,
  type CertificationView,
} from '@soulpunch/shared';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import {
  useAcceptInsurance,
  useCertification,
  useCertificationAction,
  useInsurance,
} from '../api/certification';
import { formatCertificateDay, formatInstant } from '../format';
import { PolicySummary } from './insurance-card';
import { ProofDownloads } from './proof-downloads';
import { CertificationStatusBadge } from './status-badge';

const ACTION_LABELS: Record<CertificationActionKind, string> = {
  issue: 'Issue Certificate',
  renew: 'Renew',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  revoke: 'Revoke',
};

const HISTORY_ACTIONS: Record<CertificationView['history'][number]['action'], string> = {
  migrated: 'Carried over',
  issued: 'Issued',
  renewed: 'Renewed',
  suspended: 'Suspended',
  reinstated: 'Reinstated',
  revoked: 'Revoked',
  renewal_due: 'Renewal due',
  lapsed: 'Lapsed',
  insurance_paused: 'Listing paused (insurance)',
  insurance_restored: 'Listing resumed (insurance)',
};

/** Which actions the record's status allows (the server checks again). */
function actionsFor(view: CertificationView): CertificationActionKind[] {
  switch (view.status) {
    case 'in_training':
      return ['issue'];
    case 'certified':
    case 'renewal_due':
    case 'lapsed':
      return ['renew', 'suspend', 'revoke'];
    case 'suspended':
      return ['reinstate', 'revoke'];
    case 'revoked':
      return [];
  }
}

type Pending = { kind: CertificationActionKind } | { kind: 'accept-insurance' };

function ReasonDialog({
  pending,
  onClose,
  onSubmit,
  busy,
  error,
}: {
  pending: Pending | null;
  onClose: () => void;
  onSubmit: (reason: string) => void;
  busy: boolean;
  error: unknown;
}) {
  const [reason, setReason] = useState('');
  const title =
    pending?.kind === 'accept-insurance'
      ? 'Accept the insurance policy'
      : pending
        ? ACTION_LABELS[pending.kind]
        : '';
  const fieldError = isApiError(error, 400) ? error.body?.error.fields?.reason : undefined;
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(reason);
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Reason (kept in the history)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldError}
            required
            minRows={2}
          />
          {error !== null && !fieldError && (
            <Alert color="red" role="alert">
              {getErrorMessage(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The history as a list (not a table): it reads on a phone without scrolling sideways. */
function History({ history }: { history: CertificationView['history'] }) {
  if (history.length === 0) return <Text size="sm">No history yet.</Text>;
  return (
    <List spacing="sm" size="sm" listStyleType="none" aria-label="Certification history">
      {history.map((h) => (
        <List.Item key={`${h.at}-${h.action}`}>
          <Text size="sm" fw={500}>
            {HISTORY_ACTIONS[h.action]} ({CERTIFICATION_STATUS_LABELS[h.toStatus]}), {formatInstant(h.at)}, by{' '}
            {h.by ?? 'the automatic round'}
          </Text>
          {h.reason && <Text size="sm">{h.reason}</Text>}
        </List.Item>
      ))}
    </List>
  );
}

/** Admin: the trainer's certification record, its actions (each with a reason), history and insurance. */
export function CertificationPanel({ trainerId }: { trainerId: number }) {
  const certification = useCertification(trainerId);
  const insurance = useInsurance(trainerId);
  const action = useCertificationAction(trainerId);
  const accept = useAcceptInsurance(trainerId);
  const [pending, setPending] = useState<Pending | null>(null);
  const view = certification.data;
  const policy = insurance.data?.policy ?? null;

  const close = () => setPending(null);
  const open = (p: Pending) => {
    action.reset();
    accept.reset();
    setPending(p);
  };
  function submit(reason: string) {
    if (!pending) return;
    const done = (message: string) => {
      notifications.show({ color: 'green', title: 'Success', message });
      close();
    };
    if (pending.kind === 'accept-insurance') {
      accept.mutate(reason, { onSuccess: () => done('Insurance policy accepted') });
      return;
    }
    const label = ACTION_LABELS[pending.kind];
    action.mutate({ kind: pending.kind, reason }, { onSuccess: () => done(`${label}: done`) });
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="certification-panel-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="certification-panel-title">
            Certificate
          </Title>
          {view && <CertificationStatusBadge status={view.status} />}
        </Group>
        {certification.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(certification.error)}
          </Alert>
        )}
        {view && (
          <>
            <Group gap="xl">
              <Text size="sm">Certificate number: {view.certificateNumber ?? 'Not issued'}</Text>
              <Text size="sm">Issued: {formatCertificateDay(view.issuedOn)}</Text>
              <Text size="sm">Valid through: {formatCertificateDay(view.expiresOn)}</Text>
            </Group>
            <ProofDownloads trainerId={trainerId} view={view} credential={false} />
            {view.status === 'in_training' && (
              <Text size="sm">
                To issue: program paid {view.issuance.paid ? '(yes)' : '(not yet)'}, documents signed{' '}
                {view.issuance.signed ? '(yes)' : '(not yet)'}, training session completed{' '}
                {view.issuance.trainingCompleted ? '(yes)' : '(not yet)'}.
              </Text>
            )}
            {view.insurancePaused && (
              <Alert color="red" variant="light">
                The public listing is paused: no current insurance policy accepted on file.
              </Alert>
            )}
            <Group gap="sm">
              {actionsFor(view).map((kind) => (
                <Button
                  key={kind}
                  variant={
                    kind === 'issue' || kind === 'renew' || kind === 'reinstate' ? 'filled' : 'default'
                  }
                  color={kind === 'revoke' ? 'red.9' : undefined}
                  onClick={() => open({ kind })}
                >
                  {ACTION_LABELS[kind]}
                </Button>
              ))}
            </Group>
            <Title order={3} fz="h4">
              Insurance
            </Title>
            {policy ? (
              <Stack gap="xs">
                <PolicySummary trainerId={trainerId} policy={policy} />
                {policy.status === 'pending' && policy.hasCertificate && (
                  <Group>
                    <Button variant="default" onClick={() => open({ kind: 'accept-insurance' })}>
                      Accept Policy
                    </Button>
                  </Group>
                )}
              </Stack>
            ) : (
              <Text size="sm">No insurance policy on file.</Text>
            )}
            <Title order={3} fz="h4">
              History
            </Title>
            <History history={view.history} />
          </>
        )}
      </Stack>
      <ReasonDialog
        key={pending ? JSON.stringify(pending) : 'closed'}
        pending={pending}
        onClose={close}
        onSubmit={submit}
        busy={action.isPending || accept.isPending}
        error={pending?.kind === 'accept-insurance' ? accept.error : action.error}
      />
    </Paper>
  );
}
