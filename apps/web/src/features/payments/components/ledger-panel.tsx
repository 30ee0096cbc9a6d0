import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatUsd,
  LEDGER_STATUS_LABELS,
  type LedgerEntry,
  OFFLINE_PAYMENT_METHODS,
  type OfflinePaymentMethod,
  offlinePaymentMethodLabels,
  PAYMENT_STATUS_LABELS,
  PLANS,
  type PlanKey,
  paymentWord,
} from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { type PaymentAction, usePaymentAction, usePaymentSummary } from '../api/payment-summary';
import { useEmailEnrolmentLink } from '../api/portal-enrolment';
import { newRequestId } from '../utils/request-id';

// Dark shades only: each badge's words keep 4.5:1 against its background (axe color-contrast).
const STATUS_COLORS: Record<string, string> = {
  paid: 'teal.9',
  scheduled: 'gray.7',
  failed: 'red.9',
  refunded: 'red.9',
  waived: 'cyan.9',
  disputed: 'red.9',
  paused: 'grape.9',
};

const STANDING_COLORS: Record<string, string> = {
  completed: 'teal.9',
  pending: 'gray.7',
  past_due: 'red.9',
  failed: 'red.9',
  refunded: 'red.9',
  disputed: 'red.9',
};

/** What the dialog's button does, in words (never a bare 'Confirm'). */
const ACTION_BUTTON: Record<PaymentAction['kind'], string> = {
  offline: 'Record payment',
  refund: 'Record refund',
  waive: 'Waive instalment',
  pause: 'Pause plan',
  resume: 'Resume plan',
  reinstate: 'Reinstate certification',
};

const METHOD_OPTIONS = OFFLINE_PAYMENT_METHODS.map((value) => ({
  value,
  label: offlinePaymentMethodLabels[value],
}));

/** A plan's payment, or an amount the admin states. */
type AmountChoice = PlanKey | 'other';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : 'N/A';

type Pending = { kind: PaymentAction['kind']; paymentId?: number; title: string; requestId?: string };

/** The row's first column: its instalment, or what it is (a renewal fee says which expiry it renewed). */
function rowLabel(e: LedgerEntry): string {
  if (e.kind === 'renewal') {
    return `Renewal fee${e.renewsExpiresOn ? ` (was valid through ${when(e.renewsExpiresOn)})` : ''}`;
  }
  if (e.kind === 'refund') return e.purpose === 'renewal' ? 'Renewal fee refund' : 'Refund';
  return e.instalment === null ? 'Extra' : String(e.instalment);
}

/** What an admin can do with a row: refund a paid one, waive one still owed. */
function rowActions(e: LedgerEntry): Pending[] {
  const items: Pending[] = [];
  if (e.status === 'paid' && e.kind !== 'refund')
    items.push({
      kind: 'refund',
      paymentId: e.id,
      title: e.kind === 'renewal' ? 'Record a refund of the renewal fee' : 'Record a refund',
    });
  if (['scheduled', 'failed', 'paused'].includes(e.status))
    items.push({ kind: 'waive', paymentId: e.id, title: 'Waive this instalment' });
  return items;
}

/** Every ledger row: the program's, then each renewal fee paid and any refund of it, with the actions on each. */
function LedgerTable({ entries, onAction }: { entries: LedgerEntry[]; onAction: (p: Pending) => void }) {
  // On a phone the table scrolls sideways inside its frame; the page itself never does.
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={760}
      tabIndex={0}
      role="region"
      aria-label="Payment ledger"
      // Hidden column labels are positioned: inside this frame, not stretching the page sideways.
      style={{ position: 'relative' }}
    >
      <Table style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Paid on</Table.Th>
            <Table.Th>Receipt</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{rowLabel(e)}</Table.Td>
              <Table.Td>{formatUsd(Math.abs(e.amountCents))}</Table.Td>
              <Table.Td>{e.dueOn ? when(e.dueOn) : 'N/A'}</Table.Td>
              <Table.Td>
                <Badge
                  color={STATUS_COLORS[e.status] ?? 'gray.7'}
                  variant="outline"
                  styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                >
                  {paymentWord(LEDGER_STATUS_LABELS, e.status)}
                </Badge>
              </Table.Td>
              <Table.Td>{e.attempts}</Table.Td>
              <Table.Td>{when(e.paidAt)}</Table.Td>
              <Table.Td>
                {e.receiptUrl ? (
                  <Anchor href={e.receiptUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                    Receipt
                    <VisuallyHidden> for payment {e.instalment ?? e.id}</VisuallyHidden>
                  </Anchor>
                ) : (
                  'N/A'
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'normal', minWidth: 200 }}>{e.note ?? ''}</Table.Td>
              <Table.Td>
                {rowActions(e).map((p) => (
                  <Button key={p.kind} size="compact-xs" variant="subtle" onClick={() => onAction(p)}>
                    {p.kind === 'refund' ? 'Refund' : 'Waive'}
                  </Button>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Admin: the trainer's plan, the ledger, and the actions on it, each with a reason kept in the history. */
export function LedgerPanel({ trainerId }: { trainerId: number }) {
  const summary = usePaymentSummary(trainerId);
  const action = usePaymentAction(trainerId);
  const enrolmentLink = useEmailEnrolmentLink(trainerId);
  const [pending, setPending] = useState<Pending | null>(null);
  // Closing keeps `pending`, so the dialog keeps its title and button words while it fades out.
  const [dialogOpen, setDialogOpen] = useState(false);
  const close = () => setDialogOpen(false);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<OfflinePaymentMethod | null>(null);
  const [amountChoice, setAmountChoice] = useState<AmountChoice>('full');

  const s = summary.data;
  const open = (p: Pending) => {
    setReason('');
    setAmount('');
    setMethod(null);
    setAmountChoice(s?.plan ?? 'full');
    action.reset();
    // One id per opened form: a second press or a retry of the same form is applied once by the server.
    setPending(p.kind === 'offline' ? { ...p, requestId: newRequestId() } : p);
    setDialogOpen(true);
  };
  const openOffline = () => open({ kind: 'offline', title: 'Record an offline payment' });

  function submit() {
    if (!pending) return;
    const base = { reason };
    const request: PaymentAction =
      pending.kind === 'offline'
        ? {
            kind: 'offline',
            // The server names what is missing or wrong; an empty choice is sent as it is.
            method: (method ?? '') as OfflinePaymentMethod,
            ...(amountChoice === 'other'
              ? { amountCents: amount === '' ? Number.NaN : Math.round(Number(amount) * 100) }
              : { plan: amountChoice }),
            requestId: pending.requestId as string,
            ...base,
          }
        : pending.kind === 'refund' || pending.kind === 'waive'
          ? { kind: pending.kind, paymentId: pending.paymentId as number, ...base }
          : { kind: pending.kind, ...base };
    action.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Success', message: `${pending.title}: done` });
        close();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: `${pending.title} failed`,
          message: getErrorMessage(error),
        });
      },
    });
  }

  const fieldErrors: Record<string, string | undefined> =
    (isApiError(action.error, 400) ? action.error.body?.error.fields : undefined) ?? {};

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h3">
            Payments
          </Title>
          <Anchor component={Link} to="/admin/payment-events" fz="sm">
            Payment events
          </Anchor>
        </Group>
        {summary.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(summary.error)}
          </Alert>
        )}
        {s && !s.plan && (
          <Stack gap="sm">
            <Group gap="sm">
              <Badge color={STANDING_COLORS[s.paymentStatus] ?? 'gray.7'}>
                {paymentWord(PAYMENT_STATUS_LABELS, s.paymentStatus)}
              </Badge>
              <Text c="gray.7">No payment plan: this trainer did not enrol through the checkout.</Text>
            </Group>
            <Text fz="sm">
              Paid another way (cheque, bank transfer, cash) or fee waived? Record it here: it goes into the
              ledger like any payment. Or e-mail them the link to choose a plan and pay from their portal.
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={openOffline}>
                Record offline payment
              </Button>
              <Button
                variant="default"
                loading={enrolmentLink.isPending}
                onClick={() =>
                  enrolmentLink.mutate(undefined, {
                    onSuccess: ({ sentTo }) =>
                      notifications.show({
                        color: 'green',
                        title: 'Enrolment link sent',
                        message: `${sentTo} can now choose a plan and pay from their portal.`,
                      }),
                    onError: (error) =>
                      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
                  })
                }
              >
                E-mail an enrolment link
              </Button>
            </Group>
            {s.entries.length > 0 && <LedgerTable entries={s.entries} onAction={open} />}
          </Stack>
        )}
        {s?.plan && (
          <>
            <Group gap="sm">
              <Badge color={STANDING_COLORS[s.paymentStatus] ?? 'gray.7'}>
                {paymentWord(PAYMENT_STATUS_LABELS, s.paymentStatus)}
              </Badge>
              <Text fw={600}>{PLANS[s.plan].label}</Text>
              <Text>{s.progressLabel}</Text>
            </Group>
            {s.accessPaused && (
              <Alert color="red">Portal resources are paused until the failed instalment is paid.</Alert>
            )}
            {s.certificationSuspended && (
              <Alert color="orange">Certification suspended: {s.suspensionReason}</Alert>
            )}
            <LedgerTable entries={s.entries} onAction={open} />
            <Menu>
              <Menu.Target>
                <Button variant="default" w="fit-content">
                  Plan actions
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={openOffline}>Record offline payment</Menu.Item>
                <Menu.Item onClick={() => open({ kind: 'pause', title: 'Pause the plan' })}>
                  Pause plan
                </Menu.Item>
                <Menu.Item onClick={() => open({ kind: 'resume', title: 'Resume the plan' })}>
                  Resume plan
                </Menu.Item>
                {s.certificationSuspended && (
                  <Menu.Item onClick={() => open({ kind: 'reinstate', title: 'Reinstate certification' })}>
                    Reinstate certification
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </>
        )}
      </Stack>
      <Modal
        opened={dialogOpen}
        onClose={close}
        title={pending?.title}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
        size="md"
      >
        <Stack>
          {action.isError && (
            <Alert color="red" role="alert">
              {getErrorMessage(action.error)}
            </Alert>
          )}
          {pending?.kind === 'offline' && (
            <>
              <Select
                label="How it was paid"
                required
                data={METHOD_OPTIONS}
                value={method}
                onChange={(v) => setMethod(v as OfflinePaymentMethod | null)}
                error={fieldErrors.method}
                comboboxProps={{ withinPortal: true }}
              />
              <Radio.Group
                label={method === 'waived' ? 'Amount waived' : 'Amount received'}
                required
                value={amountChoice}
                onChange={(v) => setAmountChoice(v as AmountChoice)}
                error={amountChoice === 'other' ? undefined : (fieldErrors.amountCents ?? fieldErrors.plan)}
              >
                <Stack gap="xs" mt="xs">
                  {(s?.plan ? [s.plan] : (['full', 'flex'] as const)).map((plan) => (
                    <Radio
                      key={plan}
                      value={plan}
                      label={
                        plan === 'full'
                          ? `The Pay in Full plan: ${formatUsd(PLANS.full.amountCents)}`
                          : `One monthly payment of the Flex Plan: ${formatUsd(PLANS.flex.amountCents)}`
                      }
                    />
                  ))}
                  <Radio value="other" label="Another amount" />
                </Stack>
              </Radio.Group>
              {amountChoice === 'other' && (
                <NumberInput
                  label="Amount (USD)"
                  required
                  min={0}
                  allowNegative={false}
                  value={amount}
                  onChange={setAmount}
                  decimalScale={2}
                  error={fieldErrors.amountCents}
                />
              )}
            </>
          )}
          <Textarea
            label="Reason (kept in the trainer's history)"
            required
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldErrors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={action.isPending}>
              {pending ? ACTION_BUTTON[pending.kind] : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
