import type { NotificationPreferences, NotificationPreferencesUpdate } from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

// The signed-in person's own notification choices: administrators and staff choose theirs on Settings, trainers on
// their profile; one endpoint for both (shared here, as two features use it).

const key = ['notification-preferences'] as const;

export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api<NotificationPreferences>('/api/notification-preferences');
}

export function useNotificationPreferences() {
  return useQuery(queryOptions({ queryKey: key, queryFn: getNotificationPreferences }));
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesUpdate) =>
      api<NotificationPreferences>('/api/notification-preferences', { method: 'PUT', body: input }),
    // The picked choice shows at once (a radio or switch that waits for the server looks as if it ignored the
    // click); a refused save puts the earlier choices back.
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) {
        queryClient.setQueryData<NotificationPreferences>(key, {
          ...before,
          staff: before.staff && input.staff ? { ...before.staff, ...input.staff } : before.staff,
          trainer: before.trainer && input.trainer ? { ...before.trainer, ...input.trainer } : before.trainer,
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
