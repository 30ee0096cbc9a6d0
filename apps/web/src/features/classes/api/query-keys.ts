import type { QueryClient } from '@tanstack/react-query';
import { publicTrainersKey } from '@/features/directory';

/** Every class query starts with this key, so one invalidation refreshes lists, details and calendars. */
export const classesKey = ['classes'] as const;

export const classKeys = {
  publicList: (params: object) => [...classesKey, 'public', params] as const,
  detail: (classId: number) => [...classesKey, 'detail', classId] as const,
  trainer: (trainerId: number) => [...classesKey, 'trainer', trainerId] as const,
  registrations: (classId: number) => [...classesKey, 'registrations', classId] as const,
  paymentDefaults: (trainerId: number) => [...classesKey, 'payment-defaults', trainerId] as const,
  cancelLink: (token: string) => [...classesKey, 'cancel-link', token] as const,
  timeZone: (location: string, address: string) => [...classesKey, 'time-zone', location, address] as const,
};

/**
 * After any change to a class or its registrations: the class lists, the trainer's calendar, the details
 * page, and the directory, whose trainer cards and profiles show upcoming classes.
 */
export function invalidateClassQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: classesKey }),
    queryClient.invalidateQueries({ queryKey: publicTrainersKey }),
  ]);
}
