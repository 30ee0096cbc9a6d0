import {
  instantToZonedTime,
  type TrainingSession,
  type TrainingSessionDetail,
  type trainingSessionInputSchema,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { MailMessage } from '../mail/mailer';
import { deliverMail, queueMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { setTrainingDateFact } from '../trainers/service';
import { invite, sessionEvent, toSession, whenText } from './format';
import {
  cancelSessionRow,
  claimSessionReminder,
  countRegistered,
  deleteRegistration,
  findRegistrant,
  findRegistration,
  findSession,
  insertRegistration,
  insertSession,
  listRegistrants,
  listRegistrationsToRemind,
  lockSession,
  resetSessionReminders,
  type SessionRow,
  setAttendance,
  updateSessionRow,
} from './repository';

type SessionInput = z.output<typeof trainingSessionInputSchema>;
export const SESSION_NOT_FOUND = 'Training session not found';

/** A session or event's instants from the wall-clock date and times the admin typed in its zone. */
export function instantsOf(input: { date: string; startTime: string; endTime: string; timeZone: string }) {
  return {
    startsAt: zonedTimeToInstant(input.date, input.startTime, input.timeZone),
    endsAt: zonedTimeToInstant(input.date, input.endTime, input.timeZone),
    timeZone: input.timeZone,
  };
}

export async function getSession(deps: Pick<AppDeps, 'db'>, id: number): Promise<SessionRow> {
  const row = await findSession(deps.db, id);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row;
}

/**
 * An admin schedules a Train the Trainer session. A time already past is allowed: an admin may record a session
 * held before the calendar existed, to mark who attended.
 */
export async function createSession(deps: AppDeps, adminId: number, input: SessionInput) {
  const now = deps.clock.now();
  const id = await insertSession(deps.db, {
    title: input.title,
    ...instantsOf(input),
    location: input.location,
    description: input.description,
    capacity: input.capacity,
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  });
  return sessionDetail(deps, id);
}

export async function sessionDetail(deps: Pick<AppDeps, 'db'>, id: number): Promise<TrainingSessionDetail> {
  const row = await getSession(deps, id);
  const registrants = await listRegistrants(deps.db, id);
  return {
    ...toSession(row),
    registrants: registrants.map((r) => ({
      trainerId: r.trainerId,
      name: r.name,
      email: r.email,
      registeredAt: r.registeredAt.toISOString(),
      attended: r.attendedAt !== null,
    })),
  };
}

type SessionMailKind = 'registered' | 'changed' | 'cancelled' | 'reminder';

const SESSION_SUBJECTS: Record<SessionMailKind, string> = {
  registered: "You're registered",
  changed: 'Changed',
  cancelled: 'Cancelled',
  reminder: 'Tomorrow',
};

/** What each e-mail to a registrant says; all but the reminder carry the invite (or its update or cancellation). */
function sessionParagraphs(row: SessionRow, kind: SessionMailKind): string[] {
  const when = `When: ${whenText(row)}`;
  const where = `Where: ${row.location}`;
  switch (kind) {
    case 'registered':
      return [
        `Your seat at "${row.title}" is confirmed.`,
        when,
        where,
        'The attached invite adds it to your calendar.',
      ];
    case 'changed':
      return [
        `"${row.title}" has changed. Your seat is kept.`,
        when,
        where,
        'The attached update replaces it in your calendar.',
      ];
    case 'cancelled':
      return [
        `"${row.title}" on ${whenText(row)} has been cancelled.`,
        'The attached update removes it from your calendar.',
      ];
    case 'reminder':
      return [`A reminder: "${row.title}" is ${whenText(row)}.`, where];
  }
}

function sessionMail(
  deps: AppDeps,
  row: SessionRow,
  to: { name: string; email: string },
  kind: SessionMailKind,
) {
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: `${SESSION_SUBJECTS[kind]}: ${row.title}`,
    paragraphs: sessionParagraphs(row, kind),
    action: { label: 'Your calendar', url: `${deps.config.appUrl}/trainer-portal/calendar` },
    ...(kind === 'reminder'
      ? {}
      : {
          attachments: invite(
            row.title,
            sessionEvent(deps.config, row),
            kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
          ),
        }),
  });
}

/** Mails queued in a change's transaction, sent once it committed (the mail round retries any refusal). */
async function afterCommit(deps: AppDeps, ids: number[]) {
  await deliverMail(deps, ids);
}

/**
 * A trainer takes a seat. The session row is locked while seats are counted, so two trainers taking the last seat
 * at the same moment are served one after the other: the first gets it, the second hears it is full.
 */
export async function registerForSession(
  deps: AppDeps,
  sessionId: number,
  trainer: { id: number; name: string; email: string },
): Promise<TrainingSession> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const session = await lockSession(trx, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    if (session.status === 'cancelled') throw badRequest('session_cancelled', 'This session was cancelled.');
    if (session.startsAt.getTime() <= now.getTime())
      throw badRequest('registration_closed', 'Registration for this session is closed: it has begun.');
    if (await findRegistration(trx, sessionId, trainer.id))
      throw new AppError(409, 'already_registered', 'You are already registered for this session.');
    if ((await countRegistered(trx, sessionId)) >= session.capacity)
      throw new AppError(409, 'session_full', 'This session is full.');
    await insertRegistration(trx, sessionId, trainer.id, now);
    const row = await getSession({ db: trx }, sessionId);
    return queueMail(trx, now, sessionMail(deps, row, trainer, 'registered'));
  });
  await afterCommit(deps, mailIds);
  return toSession(await getSession(deps, sessionId));
}

/** A trainer gives their seat back before the session begins (an attended seat stays). */
export async function leaveSession(
  deps: AppDeps,
  sessionId: number,
  trainer: { id: number; name: string; email: string },
): Promise<TrainingSession> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const session = await lockSession(trx, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    if (session.startsAt.getTime() <= now.getTime())
      throw badRequest('registration_closed', 'This session has begun: its seats can no longer be changed.');
    if (!(await deleteRegistration(trx, sessionId, trainer.id)))
      throw badRequest('not_registered', 'You are not registered for this session.');
    const row = await getSession({ db: trx }, sessionId);
    return queueMail(trx, now, sessionMail(deps, row, trainer, 'cancelled'));
  });
  await afterCommit(deps, mailIds);
  return toSession(await getSession(deps, sessionId));
}

/**
 * An admin marks (or unmarks) a registered trainer's attendance. Attending sets the trainer's training date, the
 * fact the admin's and the trainer's Certification views read, when none is set yet; unmarking clears it only while it is
 * still this session's day. Both are recorded in the trainer's change log, in the same transaction.
 */
export async function markAttendance(
  deps: AppDeps,
  sessionId: number,
  trainerId: number,
  attended: boolean,
  adminId: number,
): Promise<TrainingSessionDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const session = await lockSession(trx, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    const registration = await findRegistration(trx, sessionId, trainerId);
    if (!registration) throw badRequest('not_registered', 'This trainer is not registered for this session.');
    if ((registration.attendedAt !== null) === attended) return;
    await setAttendance(trx, sessionId, trainerId, attended ? now : null, adminId);
    const day = instantToZonedTime(session.startsAt, session.timeZone).date;
    if (attended) {
      await setTrainingDateFact(trx, trainerId, day, adminId, now, null);
    } else {
      await setTrainingDateFact(trx, trainerId, null, adminId, now, day);
    }
  });
  return sessionDetail(deps, sessionId);
}

/** An admin cancels a session: everyone registered gets the calendar's cancellation. */
export async function cancelSession(deps: AppDeps, sessionId: number): Promise<TrainingSessionDetail> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const session = await lockSession(trx, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    if (session.status === 'cancelled') return [];
    await cancelSessionRow(trx, sessionId, now);
    const row = await getSession({ db: trx }, sessionId);
    const people = await listRegistrants(trx, sessionId);
    const mails: MailMessage[] = people.map((p) => sessionMail(deps, row, p, 'cancelled'));
    return mails.length ? queueMail(trx, now, ...mails) : [];
  });
  await afterCommit(deps, mailIds);
  return sessionDetail(deps, sessionId);
}

/**
 * An admin edits a session before it begins: title, day and hours, place, seats, description. The seats never go
 * below the trainers registered (a clear refusal on the field). A change a registrant's calendar shows bumps the
 * invite's SEQUENCE and e-mails each registrant the update (same UID, so it replaces the old one); a new time is
 * reminded again. A cancelled session stays cancelled.
 */
export async function updateSession(
  deps: AppDeps,
  sessionId: number,
  input: SessionInput,
): Promise<TrainingSessionDetail> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const locked = await lockSession(trx, sessionId);
    if (!locked) throw notFound(SESSION_NOT_FOUND);
    if (locked.status === 'cancelled')
      throw new AppError(
        409,
        'session_cancelled',
        'This session was cancelled: it can no longer be changed.',
      );
    if (locked.startsAt.getTime() <= now.getTime())
      throw badRequest('in_the_past', 'This session has begun: it can no longer be changed.');
    const registered = await countRegistered(trx, sessionId);
    if (input.capacity < registered) {
      const message = `${registered} trainers are registered: the seats cannot be fewer than ${registered}.`;
      throw badRequest('capacity_below_registered', message, { capacity: message });
    }
    const before = await getSession({ db: trx }, sessionId);
    const next = {
      title: input.title,
      ...instantsOf(input),
      location: input.location,
      description: input.description,
      capacity: input.capacity,
    };
    const moved =
      next.startsAt.getTime() !== before.startsAt.getTime() ||
      next.endsAt.getTime() !== before.endsAt.getTime();
    const changed =
      moved ||
      next.title !== before.title ||
      next.location !== before.location ||
      (next.description ?? null) !== (before.description ?? null);
    await updateSessionRow(trx, sessionId, next, changed, now);
    if (moved) await resetSessionReminders(trx, sessionId);
    if (!changed) return [];
    const row = await getSession({ db: trx }, sessionId);
    const people = await listRegistrants(trx, sessionId);
    return people.length
      ? queueMail(trx, now, ...people.map((p) => sessionMail(deps, row, p, 'changed')))
      : [];
  });
  await afterCommit(deps, mailIds);
  return sessionDetail(deps, sessionId);
}

/** The reminder goes this long before a session (at the first scheduled round inside the window). */
export const SESSION_REMINDER_HOURS = 24;

/**
 * Reminds each registered trainer the day before their session. Each registration's reminder is claimed in the
 * transaction that queues its e-mail, so it goes once whatever the rounds, instances or retries; a session moved
 * to another time is reminded again.
 */
export async function sendSessionReminders(deps: AppDeps, now: Date) {
  const until = new Date(now.getTime() + SESSION_REMINDER_HOURS * 3_600_000);
  let reminded = 0;
  for (const due of await listRegistrationsToRemind(deps.db, now, until)) {
    const mailIds = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimSessionReminder(trx, due.sessionId, due.trainerId, now))) return [];
      const [row, person] = [
        await getSession({ db: trx }, due.sessionId),
        await findRegistrant(trx, due.sessionId, due.trainerId),
      ];
      return person ? queueMail(trx, now, sessionMail(deps, row, person, 'reminder')) : [];
    });
    if (mailIds.length) reminded += 1;
    await deliverMail(deps, mailIds);
  }
  return { reminded };
}
