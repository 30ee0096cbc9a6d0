// What pages show of a class without validating anything: kept apart from the schemas, so a page that
// formats a price does not download zod (shared is side-effect free; a module's schemas are not).

export const CLASS_TYPES = ['group', 'workshop', 'private', 'corporate', 'series'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CLASS_LEVELS = ['beginner', 'all-levels', 'custom', 'advanced'] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];

export const DEFAULT_CLASS_TITLE = '2-Hour Basic Self-Defense Class';
export const DEFAULT_CLASS_PRICE = 75;
export const DEFAULT_CLASS_CAPACITY = 20;

/** A cancel link used once the class has begun (the server refuses, the page says so): no one waiting can take
 * the place any more. */
export const CANCEL_CLOSED_MESSAGE =
  'This class has already started, so its registration can no longer be cancelled.';

/** The class page, where capacity, registration and the waitlist live (lists, cards and e-mails link here). */
export const classPagePath = (classId: number) => `/public/class/${classId}`;

export function priceLabel(price: number): string {
  if (price === 0) return 'Free';
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}
