import { MAGIC_LINK_TTL_MINUTES } from '@soulpunch/shared';
import type { MailMessage } from './mailer';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Every e-mail that carries a sign-in link: greeting, one line of context, the button, the expiry. */
function signInLinkEmail(
  to: string,
  name: string,
  link: string,
  subject: string,
  intro: string,
  outro: string,
) {
  const expiry = `The link works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes.`;
  const text = [`Hi ${name},`, '', intro, link, '', expiry, outro].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e;">
<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#c2255c;color:#fff;text-decoration:none;border-radius:6px;">Sign in to Soul Punch</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>${escapeHtml(expiry)} ${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export const magicLinkEmail = (to: string, name: string, link: string): MailMessage =>
  signInLinkEmail(
    to,
    name,
    link,
    'Your Soul Punch sign-in link',
    'Use this link to sign in to the Soul Punch Trainer Portal:',
    'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without it.',
  );

export const welcomeTrainerEmail = (to: string, name: string, link: string): MailMessage =>
  signInLinkEmail(
    to,
    name,
    link,
    'Welcome to the Soul Punch Trainer Portal',
    'An administrator has created your Soul Punch trainer account. Use this link to sign in:',
    'Later, sign in any time from the Trainer Portal login with this e-mail address.',
  );

/**
 * A plain notice: greeting, paragraphs, an optional list of links (e.g. each document to sign), an optional button,
 * optional attachments (e.g. a calendar invite).
 */
export function noticeEmail(options: {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  links?: Array<{ label: string; url: string }>;
  action?: { label: string; url: string };
  attachments?: MailMessage['attachments'];
}): MailMessage {
  const { to, name, subject, paragraphs, links = [], action, attachments } = options;
  const text = [
    `Hi ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(links.length ? [...links.map((l) => `- ${l.label}: ${l.url}`), ''] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
  ]
    .join('\n')
    .trim();
  const list = links
    .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e;">
<p>Hi ${escapeHtml(name)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${links.length ? `<ul>\n${list}\n</ul>` : ''}
${action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : ''}
</body></html>`;
  return { to, subject, text, html, attachments };
}

/** Sent to the NEW address: the only way an e-mail change takes effect is this link being confirmed. */
export function emailChangeLinkEmail(to: string, name: string, link: string, hours: number): MailMessage {
  return noticeEmail({
    to,
    name,
    subject: 'Confirm your new Soul Punch sign-in e-mail',
    paragraphs: [
      `You asked to sign in to the Soul Punch Trainer Portal with ${to} from now on.`,
      `Open the link below and press the button to confirm. The link works once and expires in ${hours} hours.`,
      'Until you confirm, nothing changes: you keep signing in with your current address. If you did not ask for this, ignore this e-mail.',
    ],
    action: { label: 'Confirm my new e-mail', url: link },
  });
}

/** Sent to the OLD address when a change is asked for: a notice only, never the link. */
export const emailChangeRequestedNotice = (to: string, name: string, newEmail: string): MailMessage =>
  noticeEmail({
    to,
    name,
    subject: 'Your Soul Punch sign-in e-mail is about to change',
    paragraphs: [
      `Someone signed in to your Soul Punch trainer account asked to change its sign-in e-mail to ${newEmail}.`,
      'Nothing changes until the link sent to that address is confirmed, and you can still sign in with this address.',
      'If this was not you, sign in and cancel the change under My Profile, and tell the Soul Punch team.',
    ],
  });

/** Sent to the OLD address once the change has taken effect (confirmed by the trainer, or made by an admin). */
export const emailChangedNotice = (
  to: string,
  name: string,
  newEmail: string,
  byAdministrator: boolean,
): MailMessage =>
  noticeEmail({
    to,
    name,
    subject: 'Your Soul Punch sign-in e-mail has changed',
    paragraphs: [
      byAdministrator
        ? `A Soul Punch administrator changed the sign-in e-mail of your trainer account to ${newEmail}.`
        : `The sign-in e-mail of your Soul Punch trainer account is now ${newEmail}.`,
      'From now on, sign-in links go to that address. If you did not expect this, tell the Soul Punch team.',
    ],
  });

type Person = { email: string; name: string };

/** Who changed someone's admin role: an administrator in the app, or whoever ran `npm run admin` on the server. */
export type RoleChanger = Person | 'command line';

/** To the person given the admin role: who gave it, and where to sign in (no sign-in link: they ask for one). */
export const adminRoleGrantedEmail = (to: Person, by: RoleChanger, loginUrl: string): MailMessage =>
  noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'You are now a Soul Punch administrator',
    paragraphs: [
      by === 'command line'
        ? "You were given the administrator role on the Soul Punch trainer platform from its server's command line."
        : `${by.name} (${by.email}) gave you the administrator role on the Soul Punch trainer platform.`,
      `Sign in with ${to.email} to use the admin area: trainers, documents and settings.`,
      'If you did not expect this, tell the Soul Punch team.',
    ],
    action: { label: 'Sign in to Soul Punch', url: loginUrl },
  });

/** To the person whose admin role was removed; a trainer keeps their portal. */
export const adminRoleRemovedEmail = (to: Person, by: RoleChanger): MailMessage =>
  noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'Your Soul Punch administrator role was removed',
    paragraphs: [
      by === 'command line'
        ? "Your administrator role on the Soul Punch trainer platform was removed from its server's command line. You can no longer use the admin area."
        : `${to.email === by.email ? 'You' : `${by.name} (${by.email})`} removed your administrator role on the Soul Punch trainer platform. You can no longer use the admin area.`,
      'If you are a Soul Punch trainer, your Trainer Portal is not affected.',
      'If you did not expect this, tell the Soul Punch team.',
    ],
  });

const whoChanged = (to: Person, by: RoleChanger) =>
  by === 'command line'
    ? "from the Soul Punch platform server's command line"
    : to.email === by.email
      ? 'by yourself'
      : `by ${by.name} (${by.email})`;

/** To the person given the read-only staff role: what it lets them do, and where to sign in. */
export const staffRoleGrantedEmail = (to: Person, by: RoleChanger, loginUrl: string): MailMessage =>
  noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'You now have staff access to Soul Punch',
    paragraphs: [
      `You were given the staff role on the Soul Punch trainer platform ${whoChanged(to, by)}.`,
      `Sign in with ${to.email} to view the admin area: trainers, documents, payments and settings. Staff can look at everything there but cannot change anything.`,
      'If you did not expect this, tell the Soul Punch team.',
    ],
    action: { label: 'Sign in to Soul Punch', url: loginUrl },
  });

/** To the person whose staff role was removed. */
export const staffRoleRemovedEmail = (to: Person, by: RoleChanger): MailMessage =>
  noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'Your Soul Punch staff role was removed',
    paragraphs: [
      `Your staff role on the Soul Punch trainer platform was removed ${whoChanged(to, by)}. You can no longer view the admin area.`,
      'If you are a Soul Punch trainer, your Trainer Portal is not affected.',
      'If you did not expect this, tell the Soul Punch team.',
    ],
  });
