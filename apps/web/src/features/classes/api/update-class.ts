import type { ClassInput, ClassSummary } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateClassQueries } from './query-keys';

export interface UpdateClassRequest {
  classId: number;
  input: ClassInput;
}

/** The server e-mails everyone registered or waiting with the new details. */
export function updateClass({ classId, input }: UpdateClassRequest): Promise<ClassSummary> {
  return api<ClassSummary>(`/api/classes/${classId}`, { method: 'PUT', body: input });
}

export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClass, onSuccess: () => invalidateClassQueries(queryClient) });
}
