// `npm run lighthouse -- --signed-in` (scripts/lighthouse.mjs): the pages behind a sign-in, at a brand's full size,
// and the session they are measured with, made the way a person makes one.

/** Issue 24: the generated trainers the built server loads (DEMO_TRAINERS) before the signed-in pages are measured. */
export const SIGNED_IN_TRAINERS = 100_000;

/** Headquarters' trainer, also an administrator: the trainer's pages and the admin's with one session. */
export const SIGNED_IN_EMAIL = 'jasmine.carter@soulpunch.example';

/** The trainer dashboard, the profile editor, the trainer calendar, the admin dashboard, the admin trainer list. */
export const SIGNED_IN_PAGES = [
  '/trainer-portal/dashboard',
  '/trainer-portal/profile',
  '/trainer-portal/calendar',
  '/admin',
  '/admin/trainers',
];

const SIGN_IN_LINK = /\/auth\/confirm\?token=([\w-]+)/;

async function call(base, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    // The server checks the Origin of every write, as a browser on the page would send it.
    headers: body ? { 'content-type': 'application/json', origin: base } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * Signs in as a person does: asks for a link for `email`, reads it from the development mailbox (the built server
 * outside production keeps mail in its outbox), and confirms it. Returns the session cookie, as `name=value`.
 */
export async function signInCookie(base, email) {
  const newest = async () => {
    const { messages } = await (await call(base, 'GET', '/api/dev/mailbox')).json();
    return messages.filter((m) => m.to === email && SIGN_IN_LINK.test(m.text)).sort((a, b) => b.id - a.id)[0];
  };
  const before = (await newest())?.id ?? 0;
  await call(base, 'POST', '/api/auth/magic-link', { email });
  let mail;
  for (let i = 0; i < 50 && !(mail?.id > before); i++) {
    await new Promise((r) => setTimeout(r, 100));
    mail = await newest();
  }
  if (!(mail?.id > before)) throw new Error(`no sign-in link reached ${email} in the mailbox`);
  const token = mail.text.match(SIGN_IN_LINK)[1];
  const verified = await call(base, 'POST', '/api/auth/verify', { token });
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('sp_session='));
  if (!cookie) throw new Error('signing in set no session cookie');
  return cookie.split(';')[0];
}
