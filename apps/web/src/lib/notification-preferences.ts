import type { NotificationPreferences, NotificationPreferencesUpdate } from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from './api-client';

// The signed-in person's own notification choices: administrators and staff choose theirs on Settings, trainers on
// their profile; one endpoint for both (shared here, as two features use it).

const key = ['notification-preferences'] as const;

function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api<NotificationPreferences>('/api/notification-preferences');
}

function useNotificationPreferences() {
  return useQuery(queryOptions({ queryKey: key, queryFn: getNotificationPreferences }));
}

/** The preferences with the choices of an update over them. */
function withChoices(
  before: NotificationPreferences,
  input: NotificationPreferencesUpdate,
): NotificationPreferences {
  return {
    ...before,
    staff: before.staff && input.staff ? { ...before.staff, ...input.staff } : before.staff,
    trainer: before.trainer && input.trainer ? { ...before.trainer, ...input.trainer } : before.trainer,
  };
}

interface ChoiceCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * The signed-in person's choices as the controls show them, and `choose`, which saves one. The pick shows in the
 * click's own render (a radio or switch that waits for the server, or for the query cache's next tick, looks as if
 * it ignored the click and flips back for a moment); a refused save puts the earlier choice back.
 */
export function useNotificationChoices() {
  const queryClient = useQueryClient();
  const preferences = useNotificationPreferences();
  const [picked, setPicked] = useState<NotificationPreferencesUpdate | null>(null);
  const save = useMutation({
    mutationFn: (input: NotificationPreferencesUpdate) =>
      api<NotificationPreferences>('/api/notification-preferences', { method: 'PUT', body: input }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const choose = (input: NotificationPreferencesUpdate, { onSuccess, onError }: ChoiceCallbacks) => {
    setPicked(input);
    save.mutate(input, { onSuccess, onError, onSettled: () => setPicked(null) });
  };
  const shown = preferences.data && picked ? withChoices(preferences.data, picked) : preferences.data;
  return { preferences, shown, choose, saving: save.isPending };
}
