import type { ConsultationBooking, TrainerCalendar, TrainingSession } from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarKeys } from './query-keys';

export function useTrainerCalendar() {
  return useQuery({
    queryKey: calendarKeys.trainer,
    queryFn: () => api<TrainerCalendar>('/api/trainer-calendar'),
  });
}

function useTrainerMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A seat or slot someone else just took shows as taken after a refusal too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export const useRegisterForSession = () =>
  useTrainerMutation((id: number) =>
    api<TrainingSession>(`/api/calendar/sessions/${id}/registration`, { method: 'POST' }),
  );

export const useLeaveSession = () =>
  useTrainerMutation((id: number) =>
    api<TrainingSession>(`/api/calendar/sessions/${id}/registration`, { method: 'DELETE' }),
  );

export const useBookSlot = () =>
  useTrainerMutation((slotId: number) =>
    api<ConsultationBooking>(`/api/calendar/slots/${slotId}/booking`, { method: 'POST' }),
  );

export const useMoveBooking = () =>
  useTrainerMutation((input: { bookingId: number; slotId: number }) =>
    api<ConsultationBooking>(`/api/calendar/bookings/${input.bookingId}/move`, {
      method: 'POST',
      body: { slotId: input.slotId },
    }),
  );

export const useCancelBooking = () =>
  useTrainerMutation((bookingId: number) =>
    api<ConsultationBooking>(`/api/calendar/bookings/${bookingId}/cancel`, { method: 'POST' }),
  );
