import { Anchor, Button, Checkbox, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminCalendar } from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import {
  useCancelSession,
  useMarkAttendance,
  useRemoveEvent,
  useSessionDetail,
  useWithdrawSlot,
} from '../api/admin-calendar';
import { useCancelBooking, useMoveBooking } from '../api/trainer-calendar';
import type { CalendarEntry } from '../calendar-model';
import { SessionForm } from './entry-forms';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
const done = (title: string, message: string) => notifications.show({ color: 'green', title, message });

/** A session: who registered, attendance (which records their training), and cancelling it. */
function SessionPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useSessionDetail(id);
  const attendance = useMarkAttendance(id);
  const cancel = useCancelSession();
  const [editing, setEditing] = useState(false);
  if (detail.isPending) return <Loader aria-label="Loading the session" />;
  if (detail.isError) return <Text c="red.9">{getErrorMessage(detail.error)}</Text>;
  const session = detail.data;
  if (editing) return <SessionForm day={session.date} session={session} onDone={() => setEditing(false)} />;
  // Before it begins, a scheduled session can still change (its registrants are told).
  const editable = session.status === 'scheduled' && Date.parse(session.start) > Date.now();
  return (
    <Stack gap="sm">
      <Text>
        {session.time} · {session.location}
      </Text>
      <Text size="sm" c="gray.7">
        {session.registeredCount} of {session.capacity} seats taken
        {session.status === 'cancelled' ? ' · cancelled' : ''}
      </Text>
      {session.description && <Text size="sm">{session.description}</Text>}
      {session.registrants.length === 0 ? (
        <Text size="sm">No trainer has registered yet.</Text>
      ) : (
        <Table aria-label="Registered trainers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trainer</Table.Th>
              <Table.Th>Attended</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {session.registrants.map((r) => (
              <Table.Tr key={r.trainerId}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/trainers/${r.trainerId}`}>
                    {r.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${r.name} attended`}
                    checked={r.attended}
                    disabled={attendance.isPending}
                    onChange={(e) =>
                      attendance.mutate(
                        { trainerId: r.trainerId, attended: e.currentTarget.checked },
                        {
                          onSuccess: (_d, input) =>
                            done(
                              'Attendance saved',
                              input.attended
                                ? `${r.name} attended: their training is recorded.`
                                : `${r.name} is no longer marked as attended.`,
                            ),
                          onError: failed,
                        },
                      )
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {session.status === 'scheduled' && (
        <Group justify="flex-end">
          {editable && (
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit session
            </Button>
          )}
          <Button
            color="red.9"
            variant="outline"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(id, {
                onSuccess: () => {
                  done('Session cancelled', 'Every registered trainer has been told.');
                  onClose();
                },
                onError: failed,
              })
            }
          >
            Cancel session
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type Slot = AdminCalendar['slots'][number];

/** A slot: withdrawn while open; once booked, moved to another open slot or cancelled (both are e-mailed). */
function SlotPanel({ slot, openSlots, onClose }: { slot: Slot; openSlots: Slot[]; onClose: () => void }) {
  const withdraw = useWithdrawSlot();
  const move = useMoveBooking();
  const cancel = useCancelBooking();
  const [target, setTarget] = useState('');
  const booking = slot.booking;
  return (
    <Stack gap="sm">
      <Text>
        {slot.time} · {slot.location}
      </Text>
      <Text size="sm" c="gray.7">
        Hosted by {slot.hostName}
      </Text>
      {!booking ? (
        <Group justify="flex-end">
          <Button
            color="red.9"
            variant="outline"
            loading={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(slot.id, {
                onSuccess: () => {
                  done('Slot withdrawn', 'Trainers can no longer book it.');
                  onClose();
                },
                onError: failed,
              })
            }
          >
            Withdraw slot
          </Button>
        </Group>
      ) : (
        <>
          <Text>Booked by {booking.trainerName}</Text>
          <NativeSelect
            label="Move to"
            data={[
              { value: '', label: 'Choose an open slot' },
              ...openSlots.map((s) => ({ value: String(s.id), label: `${s.date} ${s.time}` })),
            ]}
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              variant="outline"
              color="red.9"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(booking.id, {
                  onSuccess: () => {
                    done('Consultation cancelled', `${booking.trainerName} has been e-mailed.`);
                    onClose();
                  },
                  onError: failed,
                })
              }
            >
              Cancel booking
            </Button>
            <Button
              disabled={!target}
              loading={move.isPending}
              onClick={() =>
                move.mutate(
                  { bookingId: booking.id, slotId: Number(target) },
                  {
                    onSuccess: (moved) => {
                      done('Consultation moved', `Now ${moved.date}, ${moved.time}.`);
                      onClose();
                    },
                    onError: failed,
                  },
                )
              }
            >
              Move booking
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function EventPanel({ entry, onClose }: { entry: CalendarEntry; onClose: () => void }) {
  const remove = useRemoveEvent();
  return (
    <Stack gap="sm">
      <Text>{entry.time}</Text>
      <Text size="sm">{entry.detail}</Text>
      <Group justify="flex-end">
        <Button
          color="red.9"
          variant="outline"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(entry.id as number, {
              onSuccess: () => {
                done('Event removed', entry.title);
                onClose();
              },
              onError: failed,
            })
          }
        >
          Remove event
        </Button>
      </Group>
    </Stack>
  );
}

export function EntryPanel({
  entry,
  calendar,
  onClose,
}: {
  entry: CalendarEntry;
  calendar: AdminCalendar;
  onClose: () => void;
}) {
  if (entry.kind === 'session') return <SessionPanel id={entry.id as number} onClose={onClose} />;
  if (entry.kind === 'slot') {
    const slot = calendar.slots.find((s) => s.id === entry.id);
    if (!slot) return null;
    const now = Date.now();
    const openSlots = calendar.slots.filter((s) => !s.booking && Date.parse(s.start) > now);
    return <SlotPanel slot={slot} openSlots={openSlots} onClose={onClose} />;
  }
  if (entry.kind === 'event') return <EventPanel entry={entry} onClose={onClose} />;
  return (
    <Stack gap="sm">
      <Text>{entry.detail}</Text>
      {entry.href && (
        <Anchor component={Link} to={entry.href}>
          Open the trainer
        </Anchor>
      )}
    </Stack>
  );
}
