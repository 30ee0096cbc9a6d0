import type { ClassSummary } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateClassQueries } from './query-keys';

/** The server e-mails everyone registered or waiting that the class is off. */
export function cancelClass(classId: number): Promise<ClassSummary> {
  return api<ClassSummary>(`/api/classes/${classId}/cancel`, { method: 'POST' });
}

export function useCancelClass() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelClass, onSuccess: () => invalidateClassQueries(queryClient) });
}
