import { MAGIC_LINK_TTL_MINUTES } from '@soulpunch/shared';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function magicLinkEmail(to: string, name: string, link: string): MailMessage {
  const subject = 'Your Soul Punch sign-in link';
  const text = [
    `Hi ${name},`,
    '',
    'Use this link to sign in to the Soul Punch Trainer Portal:',
    link,
    '',
    `The link works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes.`,
    'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without it.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e;">
<p>Hi ${escapeHtml(name)},</p>
<p>Use this button to sign in to the Soul Punch Trainer Portal:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#c2255c;color:#fff;text-decoration:none;border-radius:6px;">Sign in to Soul Punch</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes.</p>
<p>If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without it.</p>
</body></html>`;
  return { to, subject, text, html };
}
