import { type ClassSummary, priceLabel, type SessionUser } from '@soulpunch/shared';

export const TRAINER_ID = 7;
export const trainerUser: SessionUser = {
  id: 3,
  email: 'tina@example.com',
  name: 'Tina Trainer',
  roles: ['trainer'],
  trainerId: TRAINER_ID,
};

/** A class as the server sends it: 2:00 to 4:00 PM in Chicago (CDT in July). */
export function classSummary(overrides: Partial<ClassSummary> = {}): ClassSummary {
  const base: ClassSummary = {
    id: 1,
    trainerId: TRAINER_ID,
    trainerName: 'Tina Trainer',
    trainerFirstName: 'Tina',
    title: '2-Hour Basic Self-Defense Class',
    start: '2030-07-20T19:00:00.000Z',
    end: '2030-07-20T21:00:00.000Z',
    timeZone: 'America/Chicago',
    date: '2030-07-20',
    startTime: '14:00',
    endTime: '16:00',
    time: '2:00 PM - 4:00 PM',
    location: 'Community Center, Tulsa, OK',
    address: null,
    notes: null,
    price: 75,
    priceLabel: '$75',
    capacity: 20,
    spotsLeft: 20,
    registeredCount: 0,
    waitlistCount: 0,
    type: 'group',
    level: 'all-levels',
    tags: [],
    paymentLink: null,
    status: 'scheduled',
  };
  const merged = { ...base, ...overrides };
  return {
    ...merged,
    trainerFirstName: overrides.trainerFirstName ?? merged.trainerName.split(' ')[0] ?? '',
    priceLabel: overrides.priceLabel ?? priceLabel(merged.price),
  };
}
