import type {
  AdminCalendar,
  ConsultationSlot,
  ConsultationSlotsInput,
  GroupEvent,
  GroupEventInput,
  TrainingSessionDetail,
  TrainingSessionInput,
} from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchProgressViews } from '@/lib/progress-views';
import { calendarKeys } from './query-keys';

export function useAdminCalendar(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: () => api<AdminCalendar>(`/api/admin/calendar?from=${from}&to=${to}`),
  });
}

export function useSessionDetail(id: number | null) {
  return useQuery({
    queryKey: calendarKeys.session(id ?? 0),
    queryFn: () => api<TrainingSessionDetail>(`/api/admin/calendar/sessions/${id}`),
    enabled: id !== null,
  });
}

/** Every calendar mutation refetches the calendar's views (the admin's ranges, sessions, the trainer's own). */
function useCalendarMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export const useCreateSession = () =>
  useCalendarMutation((body: TrainingSessionInput) =>
    api<TrainingSessionDetail>('/api/admin/calendar/sessions', { method: 'POST', body }),
  );

/** An admin's edit of a session: registrants are e-mailed the update by the server. */
export const useUpdateSession = () =>
  useCalendarMutation(({ id, body }: { id: number; body: TrainingSessionInput }) =>
    api<TrainingSessionDetail>(`/api/admin/calendar/sessions/${id}`, { method: 'PUT', body }),
  );

export const usePublishSlots = () =>
  useCalendarMutation((body: ConsultationSlotsInput) =>
    api<ConsultationSlot[]>('/api/admin/calendar/slots', { method: 'POST', body }),
  );

export const useCreateEvent = () =>
  useCalendarMutation((body: GroupEventInput) =>
    api<GroupEvent>('/api/admin/calendar/events', { method: 'POST', body }),
  );

export const useRemoveEvent = () =>
  useCalendarMutation((id: number) => api(`/api/admin/calendar/events/${id}`, { method: 'DELETE' }));

export const useWithdrawSlot = () =>
  useCalendarMutation((id: number) => api(`/api/admin/calendar/slots/${id}`, { method: 'DELETE' }));

export const useCancelSession = () =>
  useCalendarMutation((id: number) =>
    api<TrainingSessionDetail>(`/api/admin/calendar/sessions/${id}/cancel`, { method: 'POST' }),
  );

/** Attendance sets the trainer's training date: every progress view refetches too (decision 0011). */
export function useMarkAttendance(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { trainerId: number; attended: boolean }) =>
      api<TrainingSessionDetail>(`/api/admin/calendar/sessions/${sessionId}/attendance/${input.trainerId}`, {
        method: 'PUT',
        body: { attended: input.attended },
      }),
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
        refetchProgressViews(queryClient, input.trainerId),
      ]),
  });
}

export interface FeedState {
  active: boolean;
  createdAt: string | null;
}

export function useFeedState() {
  return useQuery({ queryKey: calendarKeys.feed, queryFn: () => api<FeedState>('/api/admin/calendar/feed') });
}

export const useRenewFeed = () =>
  useCalendarMutation(() =>
    api<{ url: string; createdAt: string }>('/api/admin/calendar/feed', { method: 'POST' }),
  );

export const useRevokeFeed = () =>
  useCalendarMutation(() => api<FeedState>('/api/admin/calendar/feed', { method: 'DELETE' }));
