import type { ClassInput, ClassSummary } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateClassQueries } from './query-keys';

export interface CreateClassRequest {
  trainerId: number;
  input: ClassInput;
}

export function createClass({ trainerId, input }: CreateClassRequest): Promise<ClassSummary> {
  return api<ClassSummary>(`/api/trainers/${trainerId}/classes`, { method: 'POST', body: input });
}

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClass, onSuccess: () => invalidateClassQueries(queryClient) });
}
