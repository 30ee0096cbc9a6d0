import type { TrainerPageRequest } from './trainer-list-filters';

/**
 * The admin screens' cache keys in one place, so a mutation can name exactly what it changes.
 * Everything about trainers sits under 'trainers' (the spec refreshes "the trainer list and trainer caches").
 */
export const adminKeys = {
  trainers: ['trainers'] as const,
  trainerLists: ['trainers', 'list'] as const,
  trainerList: (request: TrainerPageRequest) => ['trainers', 'list', request] as const,
  trainer: (id: number) => ['trainers', 'detail', id] as const,
  trainerFull: (id: number) => ['trainers', 'detail', id, 'full'] as const,
  trainerChanges: (id: number) => ['trainers', 'detail', id, 'changes'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  administrators: ['admin', 'administrators'] as const,
  staff: ['admin', 'staff'] as const,
  roleChanges: ['admin', 'role-changes'] as const,
  branding: ['admin', 'branding'] as const,
  integrations: ['admin', 'integrations'] as const,
};
