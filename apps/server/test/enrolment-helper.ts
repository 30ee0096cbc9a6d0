import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { latestMailTo, nextTestIp, withCookie } from './helper';

/** The enrolment cookie a checkout answer set, as a Cookie header. */
export function enrolmentCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sp_enrolment');
  if (!cookie) throw new Error(`no enrolment cookie in: ${res.statusCode} ${res.body}`);
  return `sp_enrolment=${cookie.value}`;
}

/** The newest enrolment code e-mailed to this address (decision 0008), read from the outbox like a person would. */
export async function latestEnrolmentCode(app: FastifyInstance, email: string): Promise<string> {
  const mail = await latestMailTo(app, email);
  const code = mail?.textBody.match(/enrolment is (\d{6})\b/)?.[1];
  if (!code) throw new Error(`no enrolment code in: ${mail?.textBody}`);
  return code;
}

export const verifyEmail = (app: FastifyInstance, cookie: string, code: string) =>
  app.inject(
    withCookie(cookie, {
      method: 'POST',
      url: '/api/enrolments/current/verify-email',
      remoteAddress: nextTestIp(),
      payload: { code },
    }),
  );

/**
 * The checkout as a browser goes through it: the details (201, a code is e-mailed, no checkout yet), then the
 * code from the e-mail, which opens the provider's checkout. Returns the cookie and the provider's checkout.
 */
export async function startVerifiedEnrolment(
  app: FastifyInstance,
  details: Record<string, unknown> & { email: string },
) {
  const started = await app.inject({
    method: 'POST',
    url: '/api/enrolments',
    remoteAddress: nextTestIp(),
    payload: details,
  });
  if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.statusCode} ${started.body}`);
  const cookie = enrolmentCookieOf(started);
  const verified = await verifyEmail(app, cookie, await latestEnrolmentCode(app, details.email));
  if (verified.statusCode !== 200) throw new Error(`code refused: ${verified.statusCode} ${verified.body}`);
  const checkoutUrl = verified.json().checkoutUrl as string;
  return {
    started,
    verified,
    cookie,
    checkoutUrl,
    checkoutId: new URL(checkoutUrl).pathname.split('/').pop() as string,
  };
}
