import { Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsultationBooking, TrainerCalendar } from '@soulpunch/shared';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import {
  useBookSlot,
  useCancelBooking,
  useLeaveSession,
  useMoveBooking,
  useRegisterForSession,
  useTrainerCalendar,
} from '../api/trainer-calendar';
import { formatLongDay } from '../calendar-model';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
const done = (title: string, message: string) => notifications.show({ color: 'green', title, message });

function SessionsCard({ sessions }: { sessions: TrainerCalendar['sessions'] }) {
  const register = useRegisterForSession();
  const leave = useLeaveSession();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="training-sessions-title">
      <Title order={2} size="h3" id="training-sessions-title" mb="sm">
        Train the Trainer sessions
      </Title>
      {sessions.length === 0 ? (
        <Text c="gray.7">No session is scheduled yet.</Text>
      ) : (
        <Stack gap="sm">
          {sessions.map((s) => (
            <Card key={s.id} withBorder padding="sm" radius="md" component="article" aria-label={s.title}>
              <Group justify="space-between" align="flex-start" gap="sm">
                <div>
                  <Text fw={600}>{s.title}</Text>
                  <Text size="sm">
                    {formatLongDay(s.date)}, {s.time}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {s.location} · {s.seatsLeft} of {s.capacity} seats left
                  </Text>
                </div>
                {s.attended ? (
                  <Badge color="teal.9">Attended</Badge>
                ) : s.registered ? (
                  <Group gap="xs">
                    <Badge color="blue.9">Registered</Badge>
                    <Button
                      size="xs"
                      variant="outline"
                      loading={leave.isPending && leave.variables === s.id}
                      onClick={() =>
                        leave.mutate(s.id, {
                          onSuccess: () => done('Seat given back', s.title),
                          onError: failed,
                        })
                      }
                    >
                      Cancel registration
                    </Button>
                  </Group>
                ) : s.status === 'cancelled' ? (
                  <Badge color="gray.7">Cancelled</Badge>
                ) : (
                  <Button
                    size="xs"
                    disabled={s.seatsLeft === 0}
                    loading={register.isPending && register.variables === s.id}
                    onClick={() =>
                      register.mutate(s.id, {
                        onSuccess: () => done("You're registered", 'Your invite is on its way by e-mail.'),
                        onError: failed,
                      })
                    }
                  >
                    {s.seatsLeft === 0 ? 'Full' : 'Register'}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function BookingRow({
  booking,
  openSlots,
}: {
  booking: ConsultationBooking;
  openSlots: TrainerCalendar['openSlots'];
}) {
  const move = useMoveBooking();
  const cancel = useCancelBooking();
  const [target, setTarget] = useState('');
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={`Consultation ${booking.date}`}>
      <Stack gap="xs">
        <Text fw={600}>
          {formatLongDay(booking.date)}, {booking.time}
        </Text>
        <Text size="sm" c="gray.7">
          {booking.location}
        </Text>
        <NativeSelect
          label="Move to"
          data={[
            { value: '', label: 'Choose another time' },
            ...openSlots.map((s) => ({ value: String(s.id), label: `${s.date} ${s.time}` })),
          ]}
          value={target}
          onChange={(e) => setTarget(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(booking.id, {
                onSuccess: () => done('Consultation cancelled', 'You and the host have been e-mailed.'),
                onError: failed,
              })
            }
          >
            Cancel
          </Button>
          <Button
            size="xs"
            disabled={!target}
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { bookingId: booking.id, slotId: Number(target) },
                {
                  onSuccess: (moved) => {
                    setTarget('');
                    done('Consultation moved', `Now ${formatLongDay(moved.date)}, ${moved.time}.`);
                  },
                  onError: failed,
                },
              )
            }
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ConsultationsCard({ calendar }: { calendar: TrainerCalendar }) {
  const book = useBookSlot();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="consultations-title">
      <Title order={2} size="h3" id="consultations-title" mb="sm">
        Consultations
      </Title>
      <Stack gap="sm">
        {calendar.bookings.length > 0 && (
          <>
            <Title order={3} size="h5">
              Your consultations
            </Title>
            {calendar.bookings.map((b) => (
              <BookingRow key={b.id} booking={b} openSlots={calendar.openSlots} />
            ))}
          </>
        )}
        <Title order={3} size="h5">
          Open times
        </Title>
        {calendar.openSlots.length === 0 ? (
          <Text c="gray.7">No open time right now. New times are published here.</Text>
        ) : (
          calendar.openSlots.map((slot) => (
            <Group key={slot.id} justify="space-between" wrap="nowrap" gap="sm">
              <div>
                <Text size="sm" fw={600}>
                  {formatLongDay(slot.date)}, {slot.time}
                </Text>
                <Text size="sm" c="gray.7">
                  with {slot.hostName} · {slot.location}
                </Text>
              </div>
              <Button
                size="xs"
                loading={book.isPending && book.variables === slot.id}
                aria-label={`Book ${formatLongDay(slot.date)}, ${slot.time}`}
                onClick={() =>
                  book.mutate(slot.id, {
                    onSuccess: () => done('Consultation booked', 'Your invite is on its way by e-mail.'),
                    onError: failed,
                  })
                }
              >
                Book
              </Button>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}

/** The trainer's side of the admin Calendar, on the portal's Calendar: sessions to attend, consultations to book. */
export function TrainerBookingsPanel() {
  const calendar = useTrainerCalendar();
  if (calendar.isPending) return <Loader aria-label="Loading sessions and consultations" />;
  if (calendar.isError) return <Text c="red.9">{getErrorMessage(calendar.error)}</Text>;
  return (
    <Stack gap="lg">
      <SessionsCard sessions={calendar.data.sessions} />
      <ConsultationsCard calendar={calendar.data} />
    </Stack>
  );
}
