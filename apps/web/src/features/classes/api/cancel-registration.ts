import type { ApiAnswer, registrationCancelledSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateClassQueries } from './query-keys';

/** The e-mailed cancel link's token; the answer names the class the registration was for. */
export function cancelRegistration(token: string): Promise<{ classId: number }> {
  return api<ApiAnswer<typeof registrationCancelledSchema>>('/api/registrations/cancel', {
    method: 'POST',
    body: { token },
  });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSuccess: () => invalidateClassQueries(queryClient),
  });
}
