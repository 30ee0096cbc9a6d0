import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, manualClock } from '../src/lib/clock';
import { EMAIL_CHANGE_TTL_HOURS, EMAIL_CHANGES_PER_HOUR } from '../src/modules/profiles/email-change';
import { buildTestApp, nextTestIp, seedCast, signIn, type TestApp, withCookie } from './helper';

const clock = manualClock('2026-03-02T10:00:00Z');
let t: TestApp;
let cast: Awaited<ReturnType<typeof seedCast>>;
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  cast = await seedCast(t.app);
});

const NEW_ADDRESS = 'maria.new@example.com';

const mailsTo = (email: string) =>
  t.app.db.selectFrom('outboxMessages').selectAll().where('toAddress', '=', email).orderBy('id').execute();

function confirmTokenFrom(text: string): string {
  const match = text.match(/\/auth\/confirm-email\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no confirmation link in: ${text}`);
  return match[1];
}

const saveProfile = (cookie: string, trainerId: number, payload: object) =>
  t.app.inject(withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${trainerId}`, payload }));
const getProfile = (cookie: string, trainerId: number) =>
  t.app.inject(withCookie(cookie, { method: 'GET', url: `/api/trainer-profile/${trainerId}` }));
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email-change/confirm', payload: { token } });
const requestMagicLink = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    payload: { email },
    remoteAddress: nextTestIp(),
  });
const emails = async (trainerId: number) => {
  const trainer = await t.app.db
    .selectFrom('trainers')
    .leftJoin('users', 'users.id', 'trainers.userId')
    .select(['trainers.email as trainerEmail', 'users.email as userEmail'])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirstOrThrow();
  return [trainer.trainerEmail, trainer.userEmail];
};

/** Maria asks for the new address by saving her profile with it; returns the token from the e-mailed link. */
async function askForNewAddress(email = NEW_ADDRESS): Promise<string> {
  const res = await saveProfile(cast.maria, cast.mariaId, { email, city: 'Boise' });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await mailsTo(email);
  return confirmTokenFrom(mail?.textBody ?? '');
}

describe('a trainer changing their sign-in e-mail', () => {
  it('changes nothing until the link sent to the new address is confirmed, and tells the old address', async () => {
    const res = await saveProfile(cast.maria, cast.mariaId, { email: NEW_ADDRESS, city: 'Boise' });
    expect(res.statusCode).toBe(200);
    // The rest of the form is saved; the e-mail waits for its link.
    expect(res.json()).toMatchObject({
      email: 'maria@example.com',
      city: 'Boise',
      pendingEmailChange: { email: NEW_ADDRESS, expiresAt: '2026-03-03T10:00:00.000Z' },
    });
    expect(await emails(cast.mariaId)).toEqual(['maria@example.com', 'maria@example.com']);
    expect((await getProfile(cast.maria, cast.mariaId)).json().pendingEmailChange).toEqual({
      email: NEW_ADDRESS,
      expiresAt: '2026-03-03T10:00:00.000Z',
    });

    const [toNew] = await mailsTo(NEW_ADDRESS);
    expect(toNew?.subject).toBe('Confirm your new Soul Punch sign-in e-mail');
    expect(toNew?.textBody).toContain(`expires in ${EMAIL_CHANGE_TTL_HOURS} hours`);
    expect(toNew?.htmlBody).toContain('/auth/confirm-email?token=');
    const token = confirmTokenFrom(toNew?.textBody ?? '');

    const toOld = (await mailsTo('maria@example.com')).at(-1);
    expect(toOld?.subject).toBe('Your Soul Punch sign-in e-mail is about to change');
    expect(toOld?.textBody).toContain(NEW_ADDRESS);
    expect(toOld?.textBody).not.toContain(token);
    expect(toOld?.textBody).not.toMatch(/confirm-email|token=/);
    expect(toOld?.htmlBody).not.toContain(token);

    // Until confirmed the old address still signs in and the new one does not.
    expect((await requestMagicLink('maria@example.com')).statusCode).toBe(202);
    expect((await requestMagicLink(NEW_ADDRESS)).statusCode).toBe(404);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: NEW_ADDRESS });
    expect(await emails(cast.mariaId)).toEqual([NEW_ADDRESS, NEW_ADDRESS]);

    // The session that asked stays valid and now reads the new address.
    const session = await t.app.inject(withCookie(cast.maria, { method: 'GET', url: '/api/auth/session' }));
    expect(session.json().user).toMatchObject({ email: NEW_ADDRESS });
    expect((await getProfile(cast.maria, cast.mariaId)).json()).toMatchObject({
      email: NEW_ADDRESS,
      pendingEmailChange: null,
    });
    // Sign-in follows the address.
    expect((await requestMagicLink('maria@example.com')).statusCode).toBe(404);
    expect(await signIn(t.app, NEW_ADDRESS)).toMatch(/^sp_session=/);

    const told = (await mailsTo('maria@example.com')).at(-1);
    expect(told?.subject).toBe('Your Soul Punch sign-in e-mail has changed');
    expect(told?.textBody).toContain(NEW_ADDRESS);

    // Recorded in the trainer's change history, as the one who asked.
    const history = await t.app.inject(
      withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${cast.mariaId}/changes` }),
    );
    expect(history.json()[0]).toMatchObject({
      changedBy: { email: NEW_ADDRESS },
      changes: [{ field: 'email', from: 'maria@example.com', to: NEW_ADDRESS }],
    });

    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'invalid_link' });
  });

  it('refuses an address another account uses, with a clear message, and sends nothing', async () => {
    for (const taken of ['devon@example.com', 'boss@example.com']) {
      const res = await saveProfile(cast.maria, cast.mariaId, { email: taken, city: 'Boise' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'This email is already used by another account',
        fields: { email: 'This email is already used by another account' },
      });
      const direct = await t.app.inject(
        withCookie(cast.maria, {
          method: 'POST',
          url: `/api/trainer-profile/${cast.mariaId}/email-change`,
          payload: { email: taken },
        }),
      );
      expect(direct.statusCode).toBe(400);
      expect(direct.json().error.fields.email).toBe('This email is already used by another account');
    }
    // Nothing of the refused save was kept, and nobody was written to.
    expect((await getProfile(cast.maria, cast.mariaId)).json()).toMatchObject({
      city: 'Tulsa',
      pendingEmailChange: null,
    });
    expect(await mailsTo('devon@example.com')).toHaveLength(1); // Devon's own sign-in link only.
  });

  it('refuses the link when the address was taken in the meantime', async () => {
    const token = await askForNewAddress();
    await t.app.db
      .updateTable('trainers')
      .set({ email: NEW_ADDRESS })
      .where('id', '=', cast.devonId)
      .execute();
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This email is already used by another account');
    expect((await emails(cast.mariaId))[0]).toBe('maria@example.com');
  });

  it('lets the link expire after 24 hours on the app clock', async () => {
    const token = await askForNewAddress();
    clock.advance(EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000 + 1000);
    try {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_link' });
      expect((await getProfile(cast.maria, cast.mariaId)).json().pendingEmailChange).toBeNull();
      expect(await emails(cast.mariaId)).toEqual(['maria@example.com', 'maria@example.com']);
    } finally {
      clock.advance(DAY_MS);
    }
  });

  it('can be cancelled, and a new request replaces the old link', async () => {
    const first = await askForNewAddress();
    const second = await askForNewAddress('maria.other@example.com');
    expect((await confirm(first)).statusCode).toBe(400);

    const cancel = await t.app.inject(
      withCookie(cast.maria, { method: 'DELETE', url: `/api/trainer-profile/${cast.mariaId}/email-change` }),
    );
    expect(cancel.json()).toEqual({ pendingEmailChange: null });
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await emails(cast.mariaId))[0]).toBe('maria@example.com');
  });

  it("keeps a trainer away from another trainer's e-mail", async () => {
    const res = await saveProfile(cast.devon, cast.mariaId, { email: 'devon.evil@example.com' });
    expect(res.statusCode).toBe(403);
    const direct = await t.app.inject(
      withCookie(cast.devon, {
        method: 'POST',
        url: `/api/trainer-profile/${cast.mariaId}/email-change`,
        payload: { email: 'devon.evil@example.com' },
      }),
    );
    expect(direct.statusCode).toBe(403);
    expect(await mailsTo('devon.evil@example.com')).toHaveLength(0);
  });

  it('asks again through its own endpoint, a few times an hour at most', async () => {
    const ask = (email: string) =>
      t.app.inject(
        withCookie(cast.maria, {
          method: 'POST',
          url: `/api/trainer-profile/${cast.mariaId}/email-change`,
          payload: { email },
        }),
      );
    const first = await ask(NEW_ADDRESS);
    expect(first.statusCode).toBe(202);
    expect(first.json().pendingEmailChange).toMatchObject({ email: NEW_ADDRESS });
    for (let i = 1; i < EMAIL_CHANGES_PER_HOUR; i++) expect((await ask(NEW_ADDRESS)).statusCode).toBe(202);
    const limited = await ask(NEW_ADDRESS);
    expect(limited.statusCode).toBe(429);
    expect(await mailsTo(NEW_ADDRESS)).toHaveLength(EMAIL_CHANGES_PER_HOUR);
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await ask(NEW_ADDRESS)).statusCode).toBe(202);
  });
});

describe("an administrator changing a trainer's e-mail", () => {
  const update = (email: string) => ({
    name: 'Maria Garcia',
    email,
    phone: '',
    city: 'Tulsa',
    state: 'OK',
    profile: {
      displayName: null,
      trainingDate: null,
      hasInsurance: false,
      hasStripe: false,
      hasPaypal: false,
      hasPillar: false,
      hasAffiliateLink: false,
      hasCurriculum: true,
      hasMarketingResources: true,
      hasWorkbooks: true,
      hasVideoLibrary: false,
      hasTrainerDrive: false,
      inWhatsApp: false,
      inFacebook: false,
      instagram: null,
      website: null,
    },
  });

  it('takes effect at once, is recorded in the history, tells the old address and voids a pending link', async () => {
    const token = await askForNewAddress('maria.pending@example.com');
    const res = await t.app.inject(
      withCookie(cast.admin, {
        method: 'PUT',
        url: `/api/trainers/${cast.mariaId}`,
        payload: update('maria.admin@example.com'),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await emails(cast.mariaId)).toEqual(['maria.admin@example.com', 'maria.admin@example.com']);

    const history = await t.app.inject(
      withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${cast.mariaId}/changes` }),
    );
    expect(history.json()[0]).toMatchObject({
      changedBy: { email: 'boss@example.com' },
      changes: expect.arrayContaining([
        { field: 'email', from: 'maria@example.com', to: 'maria.admin@example.com' },
      ]),
    });

    const told = (await mailsTo('maria@example.com')).at(-1);
    expect(told?.subject).toBe('Your Soul Punch sign-in e-mail has changed');
    expect(told?.textBody).toContain('A Soul Punch administrator changed');
    expect(told?.textBody).toContain('maria.admin@example.com');
    expect(told?.textBody).not.toMatch(/token=/);

    // The link Maria asked for earlier would move the address away from the admin's choice.
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await emails(cast.mariaId))[0]).toBe('maria.admin@example.com');
  });

  it('refuses an address another account uses', async () => {
    const res = await t.app.inject(
      withCookie(cast.admin, {
        method: 'PUT',
        url: `/api/trainers/${cast.mariaId}`,
        payload: update('devon@example.com'),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('This email is already used by another account');
    expect(await mailsTo('maria@example.com')).toHaveLength(1); // her sign-in link only
  });
});
