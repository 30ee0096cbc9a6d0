import {
  DEFAULT_TIME_ZONE,
  DIGEST_HOUR,
  instantToZonedTime,
  STAFF_NOTIFICATION_KINDS,
  STAFF_NOTIFICATION_LABELS,
  type StaffNotificationKind,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';

const DIGEST_TIME = `${String(DIGEST_HOUR).padStart(2, '0')}:00`;

/** The day before a 'YYYY-MM-DD' day. */
function dayBefore(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The latest digest time at or before `now`: DIGEST_HOUR in the brand's time zone (Central, daylight saving
 * included). A digest holds the notices from before it; one made after it waits for the next day's.
 */
export function digestCutoff(now: Date, zone = DEFAULT_TIME_ZONE): Date {
  const today = instantToZonedTime(now, zone).date;
  const todays = zonedTimeToInstant(today, DIGEST_TIME, zone);
  return todays.getTime() <= now.getTime() ? todays : zonedTimeToInstant(dayBefore(today), DIGEST_TIME, zone);
}

export interface DigestItem {
  kind: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: Date;
}

export interface DigestSection {
  kind: string;
  label: string;
  items: DigestItem[];
}

/** The notices by kind, in the settings' order (an unknown kind last, under its own name), oldest first in each. */
export function groupDigest(items: readonly DigestItem[]): DigestSection[] {
  const order = (kind: string) => {
    const at = (STAFF_NOTIFICATION_KINDS as readonly string[]).indexOf(kind);
    return at === -1 ? STAFF_NOTIFICATION_KINDS.length : at;
  };
  const byKind = new Map<string, DigestItem[]>();
  for (const item of items) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  return [...byKind.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([kind, list]) => ({
      kind,
      label: STAFF_NOTIFICATION_LABELS[kind as StaffNotificationKind] ?? kind,
      items: [...list].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()),
    }));
}

/** One e-mail with a person's notices, by kind. */
export function digestEmail(
  to: { email: string; name: string },
  items: readonly DigestItem[],
  settingsUrl: string,
): MailMessage {
  const sections = groupDigest(items);
  const count = items.length;
  const subject = `Your Soul Punch daily digest: ${count} notice${count === 1 ? '' : 's'}`;
  const intro = `Here is what happened since your last digest (${count} notice${count === 1 ? '' : 's'}).`;
  const outro =
    'You choose what comes in this digest, and what comes at once, under Settings in the admin area:';
  const text = [
    `Hi ${to.name},`,
    '',
    intro,
    ...sections.flatMap((s) => [
      '',
      `${s.label} (${s.items.length})`,
      ...s.items.flatMap((i) => [`- ${i.subject}: ${i.text}`, ...(i.link ? [`  ${i.link}`] : [])]),
    ]),
    '',
    outro,
    settingsUrl,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e;">
<p>Hi ${escapeHtml(to.name)},</p>
<p>${escapeHtml(intro)}</p>
${sections
  .map(
    (s) => `<h2 style="font-size:16px;margin:20px 0 8px;">${escapeHtml(s.label)} (${s.items.length})</h2>
<ul>
${s.items
  .map(
    (i) =>
      `<li><strong>${escapeHtml(i.subject)}</strong>: ${escapeHtml(i.text)}${i.link ? ` <a href="${escapeHtml(i.link)}">Open</a>` : ''}</li>`,
  )
  .join('\n')}
</ul>`,
  )
  .join('\n')}
<p>${escapeHtml(outro)} <a href="${escapeHtml(settingsUrl)}">Settings</a></p>
</body></html>`;
  return { to: to.email, subject, text, html };
}
