import { type Brand, DEFAULT_BRAND } from '@soulpunch/shared';
import type { MailMessage } from './mailer';
import { escapeHtml } from './templates';

/** The sign-in button's colour in the templates, which the brand's colour replaces. */
const TEMPLATE_BUTTON_COLOR = '#c2255c';

/**
 * Every e-mail in the brand (decision record 0016): the templates are written in the default brand's name, which
 * becomes the brand's; the HTML gets a header in the brand's colour (with its logo), its colour on buttons, and a
 * footer with the support address and the postal address; the text gets the same footer.
 * Applied when a message is sent, so a queued e-mail goes out in the brand of that moment.
 */
export function brandEmail(message: MailMessage, brand: Brand, appUrl: string): MailMessage {
  const renamed = brand.name !== DEFAULT_BRAND.name;
  const inText = (text: string) => (renamed ? text.replaceAll(DEFAULT_BRAND.name, brand.name) : text);
  const inHtml = (html: string) =>
    renamed ? html.replaceAll(escapeHtml(DEFAULT_BRAND.name), escapeHtml(brand.name)) : html;
  const color = brand.primaryColor;
  const name = escapeHtml(brand.name);
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(`${appUrl}${brand.logoUrl}`)}" alt="" height="32" style="height:32px;vertical-align:middle;margin-right:10px;border:0;">`
    : '';
  const header = `<div style="background:${color};padding:12px 16px;margin:0 0 16px;"><span style="color:#ffffff;font-size:18px;font-weight:700;">${logo}${name}</span></div>`;
  const support = escapeHtml(brand.supportEmail);
  const address = brand.postalAddress ? `<br>${escapeHtml(brand.postalAddress)}` : '';
  const footer = `<hr style="border:0;border-top:1px solid #dee2e6;margin:24px 0 12px;">
<p style="font-size:12px;color:#495057;">${name} · Questions? <a href="mailto:${support}" style="color:${color};">${support}</a>${address}</p>`;
  const html = inHtml(message.html)
    .replaceAll(TEMPLATE_BUTTON_COLOR, color)
    .replace(/(<body[^>]*>)/, `$1\n${header}`)
    .replace('</body>', `${footer}\n</body>`);
  const text = [
    inText(message.text),
    '',
    '--',
    brand.name,
    `Questions? ${brand.supportEmail}`,
    ...(brand.postalAddress ? [brand.postalAddress] : []),
  ].join('\n');
  return { ...message, subject: inText(message.subject), text, html, replyTo: brand.supportEmail };
}
