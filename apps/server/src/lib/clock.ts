/**
 * The time every time-based rule reads (instalment grace, document expiry and reminders). Production uses the
 * system clock; tests pass one they move by hand, so a 30-day rule is tested in milliseconds.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance` by milliseconds or `set` to an instant. */
export function manualClock(start: Date | string = '2026-01-05T15:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
    advance(ms: number) {
      current += ms;
    },
    advanceDays(days: number) {
      current += days * 24 * 60 * 60 * 1000;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The system clock, moved forward by hand: outside production the app runs on it, so the browser tests can move
 * the app's time (the development clock route, modules/dev/routes.ts) and put it back. Production never has one.
 */
export function adjustableClock(base: Clock = systemClock) {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
    get offsetMs() {
      return offsetMs;
    },
  };
}
export type AdjustableClock = ReturnType<typeof adjustableClock>;
