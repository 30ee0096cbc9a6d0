import { type CertificationStatus, daysUntil, statusByDate } from '@soulpunch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ScheduledJob } from '../../lib/scheduler';
import { mailDay } from '../mail/dates';
import { deliverMail, queueMail } from '../mail/queue';
import { notifyStaff, type StaffNotice } from '../notifications/service';
import { brandDay } from './dates';
import { listCurrentPolicies, listListedRecords } from './insurance-repository';
import { insuranceReminderEmail, renewalReminderEmail } from './mail';
import { claimReminder, insertHistory, listWatchedRecords, setRecordStatus } from './repository';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** The admin area's notice that goes with each renewal reminder a trainer is sent (and with the lapse). */
function lapsingNotice(
  appUrl: string,
  r: { trainerId: number; name: string; expiresOn: string | null },
  reminder: string,
): StaffNotice {
  const lapsed = reminder === 'lapsed';
  const day = (d: string | null) => (d ? mailDay(d) : 'its expiry day');
  return {
    subject: lapsed
      ? `Certification lapsed: ${r.name}`
      : `Certification lapsing in ${reminder} days: ${r.name}`,
    paragraphs: [
      lapsed
        ? `The certification of ${r.name} expired on ${day(r.expiresOn)} without renewal: they are no longer listed publicly.`
        : `The certification of ${r.name} expires on ${day(r.expiresOn)}. They were sent a renewal reminder.`,
    ],
    link: { label: 'Open the trainer', url: `${appUrl}/admin/trainers/${r.trainerId}` },
  };
}

/** Dates only move a record forward: certified, then renewal due, then lapsed (renewing sets it back). */
const RANK: Partial<Record<CertificationStatus, number>> = { certified: 0, renewal_due: 1, lapsed: 2 };

/**
 * Which reminder is due `daysLeft` before the expiry: 'lapsed' after it, else the smallest threshold reached
 * (with every larger one, claimed too so a missed round never sends two at once); none before the first.
 */
export function remindersDue(daysLeft: number, thresholds: readonly number[]): string[] {
  if (daysLeft < 0) return ['lapsed'];
  return thresholds
    .filter((d) => daysLeft <= d)
    .sort((a, b) => a - b)
    .map(String);
}

/**
 * The certification round, on the app's clock (run once across instances by the scheduler): each certified
 * trainer moves to 'renewal due' and 'lapsed' as the dates pass, and gets each renewal reminder once (90, 60, 30
 * and 7 days by default, and on lapse); insurance reminders likewise, and with insurance required an expired
 * policy pauses the listing. Each trainer's change and its e-mail commit together; a repeat round does nothing.
 */
export async function runCertificationRound(deps: AppDeps, now: Date, log?: Log) {
  const today = brandDay(now);
  const { reminderDays } = deps.config.certification;
  const mail: number[] = [];
  let changed = 0;
  for (const r of await listWatchedRecords(deps.db)) {
    if (!r.expiresOn) continue;
    const byDate = statusByDate(r.expiresOn, today, reminderDays);
    const moves = (RANK[byDate] ?? 0) > (RANK[r.status] ?? 0);
    const due = remindersDue(daysUntil(r.expiresOn, today), reminderDays);
    const expiresOn = r.expiresOn;
    const ids = await deps.db.transaction().execute(async (trx) => {
      if (moves) {
        await setRecordStatus(trx, r.trainerId, { status: byDate }, now);
        await insertHistory(trx, {
          trainerId: r.trainerId,
          action: byDate === 'lapsed' ? 'lapsed' : 'renewal_due',
          fromStatus: r.status,
          toStatus: byDate,
          expiresOn,
          reason: byDate === 'lapsed' ? 'The certification expired without renewal' : 'Renewal came due',
          byUserId: null,
          at: now,
        });
        changed++;
      }
      const claimed: string[] = [];
      for (const kind of due) {
        const reminder = {
          trainerId: r.trainerId,
          subject: 'certification' as const,
          dueOn: expiresOn,
          kind,
        };
        if (await claimReminder(trx, { ...reminder, sentAt: now })) claimed.push(kind);
      }
      // The most urgent reminder newly due: a round that finds several due at once sends one e-mail.
      const send = claimed[0];
      if (!send) return [];
      return [
        ...(await queueMail(trx, now, renewalReminderEmail(deps.config.appUrl, r, expiresOn, send))),
        ...(await notifyStaff(trx, now, 'certification_lapsing', lapsingNotice(deps.config.appUrl, r, send))),
      ];
    });
    mail.push(...ids);
  }
  mail.push(...(await runInsuranceRound(deps, now, today)));
  await deliverMail(deps, mail, log);
  return { changed, mailed: mail.length };
}

/** Insurance reminders before a policy ends (and when it has), and the listing pause when insurance is required. */
async function runInsuranceRound(deps: AppDeps, now: Date, today: string): Promise<number[]> {
  const { insuranceReminderDays, insuranceRequired } = deps.config.certification;
  const policies = await listCurrentPolicies(deps.db);
  const mail: number[] = [];
  for (const p of policies) {
    const due = remindersDue(daysUntil(p.expiresOn, today), insuranceReminderDays);
    const ids = await deps.db.transaction().execute(async (trx) => {
      const claimed: string[] = [];
      for (const kind of due) {
        const reminder = { trainerId: p.trainerId, subject: 'insurance' as const, dueOn: p.expiresOn, kind };
        if (await claimReminder(trx, { ...reminder, sentAt: now })) claimed.push(kind);
      }
      const send = claimed[0];
      if (!send) return [];
      return queueMail(
        trx,
        now,
        insuranceReminderEmail(deps.config.appUrl, p, p.expiresOn, send, insuranceRequired),
      );
    });
    mail.push(...ids);
  }
  const current = new Map(policies.map((p) => [p.trainerId, p]));
  for (const record of await listListedRecords(deps.db)) {
    const policy = current.get(record.trainerId);
    const onFile = !!policy?.acceptedAt && policy.expiresOn >= today;
    // Paused while required and not on file; a pause ends when an admin accepts a new policy (or the setting is off).
    const pause = insuranceRequired && !onFile && !record.insurancePausedAt;
    const resume = !insuranceRequired && record.insurancePausedAt;
    if (!pause && !resume) continue;
    await deps.db.transaction().execute(async (trx) => {
      await setRecordStatus(trx, record.trainerId, { insurancePausedAt: pause ? now : null }, now);
      await insertHistory(trx, {
        trainerId: record.trainerId,
        action: pause ? 'insurance_paused' : 'insurance_restored',
        fromStatus: record.status,
        toStatus: record.status,
        expiresOn: record.expiresOn,
        reason: pause
          ? 'No current insurance policy accepted on file: the public listing is paused'
          : 'Insurance is no longer required',
        byUserId: null,
        at: now,
      });
    });
  }
  return mail;
}

export function certificationJobs(deps: AppDeps, log?: Log): ScheduledJob[] {
  return [
    {
      name: 'certification:renewal-round',
      everyMs: deps.config.jobsEveryMs,
      run: (now: Date) => runCertificationRound(deps, now, log),
    },
  ];
}
