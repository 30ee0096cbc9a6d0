import { classInputSchema, DEFAULT_CLASS_TITLE, type PublicClass, parseClockTime } from '@soulpunch/shared';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { createClass, hasStarted, listTrainerClasses } from './service';

/**
 * The prototype's calendar calls (GET/POST /api/trainer-profile): upcoming classes as a list inside the profile.
 * They keep working, backed by the classes table; POST creates the items the list does not have yet.
 */
export const legacyClassItemSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  title: z.string().optional(),
  date: z.string(),
  time: z.string().optional(),
  startTime: z.string().optional(),
  location: z.string(),
  price: z.union([z.string(), z.number()]).optional(),
  paymentLink: z.string().nullish(),
  notes: z.string().nullish(),
});
export const legacyClassesBodySchema = z.strictObject({
  upcomingClasses: z.array(legacyClassItemSchema).max(500),
});

/** The trainer's scheduled classes that start after `now`, the app's clock. */
export async function legacyUpcomingClasses(db: Db, trainerId: number, now: Date): Promise<PublicClass[]> {
  return (await listTrainerClasses(db, trainerId, now))
    .filter((c) => c.status === 'scheduled' && !hasStarted(new Date(c.start), now))
    .map((c) => ({
      id: c.id,
      title: c.title,
      start: c.start,
      date: c.date,
      time: c.time,
      location: c.location,
      price: c.priceLabel,
      paymentLink: c.paymentLink,
    }));
}

const existingId = (id: unknown) => {
  const match = String(id ?? '').match(/^(?:class_)?(\d+)$/);
  return match ? Number(match[1]) : undefined;
};

export async function saveLegacyClasses(
  db: Db,
  trainerId: number,
  items: z.output<typeof legacyClassItemSchema>[],
  now: Date,
): Promise<PublicClass[]> {
  const known = new Set((await listTrainerClasses(db, trainerId, now)).map((c) => c.id));
  for (const item of items) {
    const id = existingId(item.id);
    if (id !== undefined && known.has(id)) continue;
    const [startText, endText] = (item.time ?? item.startTime ?? '').split(' - ');
    const startTime = startText ? parseClockTime(startText) : null;
    const endTime = endText ? parseClockTime(endText) : null;
    const price =
      typeof item.price === 'number'
        ? item.price
        : /free/i.test(item.price ?? '')
          ? 0
          : Number((item.price ?? '').replace(/[^0-9.]/g, '') || 75);
    const parsed = classInputSchema.safeParse({
      title: item.title?.trim() || DEFAULT_CLASS_TITLE,
      date: item.date,
      startTime: startTime ?? '',
      endTime,
      location: item.location,
      notes: item.notes,
      price,
      ...(item.paymentLink !== undefined ? { paymentLink: item.paymentLink } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest('validation_error', issue?.message ?? 'Invalid class', {
        [issue?.path.join('.') || '_']: issue?.message ?? 'Invalid class',
      });
    }
    await createClass(db, trainerId, parsed.data, now);
  }
  return legacyUpcomingClasses(db, trainerId, now);
}
