import {
  buildICalendar,
  type CalendarEvent,
  type ConsultationBooking,
  formatTimeRange,
  instantToZonedTime,
  type TrainingSession,
} from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import { mailDate } from '../mail/dates';
import type { MailMessage } from '../mail/mailer';
import type { BookingRow, SessionRow } from './repository';

/** The fields every calendar entry answers with: instants, its zone, and its day and hours in that zone. */
export function timedFields(row: { startsAt: Date; endsAt: Date; timeZone: string }) {
  return {
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    date: instantToZonedTime(row.startsAt, row.timeZone).date,
    time: formatTimeRange(row.startsAt, row.endsAt, row.timeZone),
  };
}

export function toSession(row: SessionRow): TrainingSession {
  const registeredCount = Number(row.registeredCount ?? 0);
  return {
    id: row.id,
    title: row.title,
    ...timedFields(row),
    location: row.location,
    description: row.description,
    capacity: row.capacity,
    registeredCount,
    seatsLeft: Math.max(0, row.capacity - registeredCount),
    status: row.status,
  };
}

export function toBooking(row: BookingRow): ConsultationBooking {
  return {
    id: row.id,
    slotId: row.slotId,
    trainerId: row.trainerId,
    trainerName: row.trainerName,
    ...timedFields(row),
    location: row.location,
    status: row.status,
  };
}

/** '<weekday, month day, year>, 2:00 PM - 4:00 PM CST': a time as an e-mail says it, in the entry's own zone. */
export function whenText(row: { startsAt: Date; endsAt: Date; timeZone: string }): string {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: row.timeZone, timeZoneName: 'short' })
    .formatToParts(row.startsAt)
    .find((p) => p.type === 'timeZoneName')?.value;
  const range = formatTimeRange(row.startsAt, row.endsAt, row.timeZone);
  return `${mailDate(row.startsAt, row.timeZone)}, ${range} ${zone ?? ''}`.trim();
}

const host = (config: AppConfig) => new URL(config.appUrl).hostname;

export function sessionEvent(config: AppConfig, row: SessionRow): CalendarEvent {
  return {
    uid: `training-session-${row.id}@${host(config)}`,
    start: row.startsAt,
    end: row.endsAt,
    title: row.title,
    location: row.location,
    description: row.description,
    url: `${config.appUrl}/trainer-portal/calendar`,
    cancelled: row.status === 'cancelled',
    sequence: row.sequence,
    updatedAt: row.updatedAt,
  };
}

/** One consultation keeps its UID when moved, so the invite's update replaces the old time in both calendars. */
export function bookingEvent(config: AppConfig, row: BookingRow): CalendarEvent {
  return {
    uid: `consultation-${row.id}@${host(config)}`,
    start: row.startsAt,
    end: row.endsAt,
    title: `Soul Punch consultation: ${row.trainerName} with ${row.hostName}`,
    location: row.location,
    description: 'A one-to-one consultation booked on the Soul Punch trainer portal.',
    url: `${config.appUrl}/trainer-portal/calendar`,
    cancelled: row.status === 'cancelled',
    sequence: row.sequence,
    updatedAt: row.updatedAt,
  };
}

/** An e-mail attachment holding one invite (REQUEST adds or updates it, CANCEL removes it). */
export function invite(
  name: string,
  event: CalendarEvent,
  method: 'REQUEST' | 'CANCEL',
): NonNullable<MailMessage['attachments']> {
  return [
    {
      filename: 'invite.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: buildICalendar({ name, method, events: [event] }),
    },
  ];
}
