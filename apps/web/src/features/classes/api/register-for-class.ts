import type { ApiAnswer, registrationResultSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateClassQueries } from './query-keys';

export interface RegistrationRequest {
  classId: number;
  name: string;
  email: string;
}

export type RegistrationResult = ApiAnswer<typeof registrationResultSchema>;

export function registerForClass({ classId, name, email }: RegistrationRequest): Promise<RegistrationResult> {
  return api<RegistrationResult>(`/api/classes/${classId}/registrations`, {
    method: 'POST',
    body: { name, email },
  });
}

export function useRegisterForClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerForClass,
    // The spots left on the page, the lists and the trainer's calendar all change.
    onSuccess: () => invalidateClassQueries(queryClient),
  });
}
