import {
  Alert,
  Anchor,
  Badge,
  Button,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsd } from '@soulpunch/shared';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentEvents, useReplayPaymentEvent } from '../api/payment-summary';

const stamp = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** A badge is never cut to an ellipsis: its column widens (the table scrolls inside its frame on a phone). */
const WHOLE_BADGE = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** Admin: every event the payment provider sent, whether it was processed, and a way to replay one that failed. */
export function PaymentEventsPage() {
  useDocumentTitle('Payment events');
  const events = usePaymentEvents();
  const replay = useReplayPaymentEvent();
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        Payment events
      </Title>
      {events.isPending && <Loader aria-label="Loading payment events" />}
      {events.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(events.error)}
        </Alert>
      )}
      {events.data?.length === 0 && <Text c="gray.7">No events received yet.</Text>}
      {events.data && events.data.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer
            type="native"
            minWidth={860}
            tabIndex={0}
            role="region"
            aria-label="Payment events"
            // Hidden column labels are positioned: inside this frame, not stretching the page sideways.
            style={{ position: 'relative' }}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Trainer</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Processed</Table.Th>
                  <Table.Th>Error</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{e.id}</Table.Td>
                    <Table.Td>
                      {e.type}
                      {e.purpose === 'renewal' && (
                        <Text span display="block" fz="sm" c="gray.7">
                          Renewal fee
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {e.trainer ? (
                        <Anchor component={Link} to={`/admin/trainers/${e.trainer.id}`}>
                          {e.trainer.name}
                        </Anchor>
                      ) : (
                        <Text span c="gray.7" fz="sm">
                          Unknown
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {e.amountCents === null
                        ? 'N/A'
                        : `${formatUsd(e.amountCents)}${e.currency && e.currency !== 'usd' ? ` ${e.currency.toUpperCase()}` : ''}`}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{stamp(e.receivedAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {e.processedAt ? (
                        <Badge color="teal.9" styles={WHOLE_BADGE}>
                          {stamp(e.processedAt)}
                        </Badge>
                      ) : (
                        <Badge color="red.9" styles={WHOLE_BADGE}>
                          Not processed
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{e.error ?? ''}</Table.Td>
                    <Table.Td>
                      {!e.processedAt && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={replay.isPending && replay.variables === e.id}
                          onClick={() =>
                            replay.mutate(e.id, {
                              onSuccess: (r) =>
                                notifications.show({
                                  color: r.error ? 'red' : 'green',
                                  title: r.error ? 'Error' : 'Replayed',
                                  message: r.error ?? 'The event was processed.',
                                }),
                              onError: (err) =>
                                notifications.show({
                                  color: 'red',
                                  title: 'Error',
                                  message: getErrorMessage(err),
                                }),
                            })
                          }
                        >
                          Replay
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
