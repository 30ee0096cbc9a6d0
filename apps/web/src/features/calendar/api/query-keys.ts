/** The calendar's cache keys: the admin's ranges and sessions, the trainer's own view, the admin's feed. */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', 'admin', from, to] as const,
  session: (id: number) => ['calendar', 'session', id] as const,
  trainer: ['calendar', 'trainer'] as const,
  feed: ['calendar', 'feed'] as const,
};
