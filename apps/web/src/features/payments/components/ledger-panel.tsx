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
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsd, type LedgerEntry, PLANS } from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { type PaymentAction, usePaymentAction, usePaymentSummary } from '../api/payment-summary';

const STATUS_COLORS: Record<string, string> = {
  paid: 'green',
  scheduled: 'gray',
  failed: 'red',
  refunded: 'orange',
  waived: 'teal',
  disputed: 'red',
  paused: 'yellow',
};

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : 'N/A';

type Pending = { kind: PaymentAction['kind']; paymentId?: number; title: string };

/** Admin: the trainer's plan, the ledger, and the actions on it, each with a reason kept in the history. */
export function LedgerPanel({ trainerId }: { trainerId: number }) {
  const summary = usePaymentSummary(trainerId);
  const action = usePaymentAction(trainerId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<number | string>(PLANS.flex.amountCents / 100);

  const s = summary.data;
  const open = (p: Pending) => {
    setReason('');
    action.reset();
    setPending(p);
  };

  function submit() {
    if (!pending) return;
    const base = { reason };
    const request: PaymentAction =
      pending.kind === 'offline'
        ? { kind: 'offline', amountCents: Math.round(Number(amount) * 100), ...base }
        : pending.kind === 'refund' || pending.kind === 'waive'
          ? { kind: pending.kind, paymentId: pending.paymentId as number, ...base }
          : { kind: pending.kind, ...base };
    action.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Success', message: `${pending.title}: done` });
        setPending(null);
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

  const rowActions = (e: LedgerEntry) => {
    const items: Pending[] = [];
    if (e.status === 'paid' && e.kind !== 'refund')
      items.push({ kind: 'refund', paymentId: e.id, title: 'Record a refund' });
    if (['scheduled', 'failed', 'paused'].includes(e.status))
      items.push({ kind: 'waive', paymentId: e.id, title: 'Waive this instalment' });
    return items;
  };

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
          <Text c="gray.7">No payment plan: this trainer did not enrol through the checkout.</Text>
        )}
        {s?.plan && (
          <>
            <Group gap="sm">
              <Badge color={s.pastDue ? 'red' : 'green'}>{s.paymentStatus}</Badge>
              <Text fw={600}>{s.plan === 'full' ? 'Pay in Full' : 'Flex Plan'}</Text>
              <Text>{s.progressLabel}</Text>
            </Group>
            {s.accessPaused && (
              <Alert color="red">Portal resources are paused until the failed instalment is paid.</Alert>
            )}
            {s.certificationSuspended && (
              <Alert color="orange">Certification suspended: {s.suspensionReason}</Alert>
            )}
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Attempts</Table.Th>
                    <Table.Th>Paid at</Table.Th>
                    <Table.Th>Receipt</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.entries.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.instalment ?? (e.kind === 'refund' ? 'Refund' : 'Extra')}</Table.Td>
                      <Table.Td>{formatUsd(Math.abs(e.amountCents))}</Table.Td>
                      <Table.Td>{e.dueOn ? when(e.dueOn) : 'N/A'}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[e.status] ?? 'gray'} variant="light">
                          {e.status}
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
                      <Table.Td>
                        {rowActions(e).map((p) => (
                          <Button key={p.kind} size="compact-xs" variant="subtle" onClick={() => open(p)}>
                            {p.kind === 'refund' ? 'Refund' : 'Waive'}
                          </Button>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Menu>
              <Menu.Target>
                <Button variant="default" w="fit-content">
                  Plan actions
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => open({ kind: 'offline', title: 'Record an offline payment' })}>
                  Record offline payment
                </Menu.Item>
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
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.title}
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
            <NumberInput
              label="Amount received (USD)"
              min={1}
              value={amount}
              onChange={setAmount}
              decimalScale={2}
            />
          )}
          <Textarea
            label="Reason (kept in the trainer's history)"
            required
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={isApiError(action.error, 400) ? action.error.body?.error.fields?.reason : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button onClick={submit} loading={action.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
