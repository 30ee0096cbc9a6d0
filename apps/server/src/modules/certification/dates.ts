import { DEFAULT_TIME_ZONE, instantToZonedTime } from '@soulpunch/shared';

/** The calendar day of an instant in the brand's time zone: expiry, reminders and lapse count whole days. */
export const brandDay = (at: Date) => instantToZonedTime(at, DEFAULT_TIME_ZONE).date;
