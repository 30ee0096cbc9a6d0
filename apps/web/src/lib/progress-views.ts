import type { QueryClient } from '@tanstack/react-query';

/**
 * Every screen that shows a trainer's progress reads the same stored facts (decision record 0011): the admin's
 * list, detail and dashboard, the portal's checklist and the profile editor. Queries are never stale on their own
 * here, so a change made on any of them refetches all of them (one browser can hold both: an administrator who is
 * also a trainer switches between the two views). The keys are the features' own prefixes: 'trainers' (admin list
 * and detail, the portal's checklist and trainer), 'dashboard' and 'trainer-profile'.
 */
export const PROGRESS_VIEWS_OF_EVERY_TRAINER = [['trainers'], ['dashboard']] as const;

export function refetchProgressViews(queryClient: QueryClient, trainerId?: number): Promise<unknown> {
  return Promise.all([
    ...PROGRESS_VIEWS_OF_EVERY_TRAINER.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({
      queryKey: trainerId === undefined ? ['trainer-profile'] : ['trainer-profile', trainerId],
    }),
  ]);
}
