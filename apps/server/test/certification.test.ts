import { addYears } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type ManualClock, manualClock } from '../src/lib/clock';
import { runCertificationRound } from '../src/modules/certification/round';
import { appDeps, buildTestApp, inPublicDirectory, seedCast, type TestApp, withCookie } from './helper';

// The certification record's lifecycle on a controlled clock (issue, each reminder once, lapse, renewal from the
// old expiry, suspend, reinstate, revoke) and every admin action through the API with its audit entries.

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
const START = '2026-03-10T15:00:00Z';

beforeAll(async () => {
  clock = manualClock(START);
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(START);
  cast = await seedCast(app);
  // Maria starts in training: no certificate issued yet.
  await app.db.deleteFrom('certificationRecords').where('trainerId', '=', cast.mariaId).execute();
});

const as = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));
const recordOf = async (trainerId: number, cookie = cast.admin) =>
  (await as(cookie, { method: 'GET', url: `/api/trainers/${trainerId}/certification-record` })).json();
const act = (
  trainerId: number,
  action: string,
  payload: object = { reason: 'Checked by the office' },
  cookie = cast.admin,
) =>
  as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/certification-record/${action}`, payload });

/** Paid, documents signed (a trainer from before e-signature follows onboarding) and the training step marked. */
async function readyToIssue(trainerId: number, trainedAt = new Date(START)) {
  await app.db
    .updateTable('trainers')
    .set({ paymentStatus: 'completed', onboardingStatus: 'completed' })
    .where('id', '=', trainerId)
    .execute();
  await app.db
    .insertInto('trainerOnboardingSteps')
    .values({ trainerId, step: 'weekly_training_access', completedAt: trainedAt })
    .execute();
}

const listed = (trainerId: number) => inPublicDirectory(app, trainerId);

async function reminderSubjects(email: string): Promise<string[]> {
  const rows = await app.db
    .selectFrom('outboxMessages')
    .select('subject')
    .where('toAddress', '=', email)
    .where('subject', 'like', '%certification%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.subject);
}

describe('issuing a certificate', () => {
  it('is refused with a clear code until paid, signed and a training session completed', async () => {
    let res = await act(cast.mariaId, 'issue');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('certification_not_paid');
    await app.db
      .updateTable('trainers')
      .set({ paymentStatus: 'completed' })
      .where('id', '=', cast.mariaId)
      .execute();
    res = await act(cast.mariaId, 'issue');
    expect(res.json().error.code).toBe('certification_not_signed');
    await app.db
      .updateTable('trainers')
      .set({ onboardingStatus: 'completed' })
      .where('id', '=', cast.mariaId)
      .execute();
    res = await act(cast.mariaId, 'issue');
    expect(res.json().error.code).toBe('training_not_completed');
    expect((await recordOf(cast.mariaId)).status).toBe('in_training');
    expect(await listed(cast.mariaId)).toBe(false);
  });

  it('issues a random number valid 2 years, recorded with who and why in both histories, and lists the trainer', async () => {
    await readyToIssue(cast.mariaId);
    const res = await act(cast.mariaId, 'issue', { reason: 'Completed Train the Trainer in Tulsa' });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ status: 'certified', issuedOn: '2026-03-10', expiresOn: '2028-03-10' });
    expect(view.certificateNumber).toMatch(/^SP-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(view.history[0]).toMatchObject({
      action: 'issued',
      fromStatus: 'in_training',
      toStatus: 'certified',
      reason: 'Completed Train the Trainer in Tulsa',
      by: 'Bea Boss',
    });
    const changes = (
      await as(cast.admin, { method: 'GET', url: `/api/trainers/${cast.mariaId}/changes` })
    ).json();
    expect(JSON.stringify(changes)).toContain('Completed Train the Trainer in Tulsa');
    expect(await reminderSubjects('maria@example.com')).toEqual([]);
    const mail = await app.db
      .selectFrom('outboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', 'maria@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('You are a Soul Punch Certified Trainer');
    expect(mail.textBody).toContain(view.certificateNumber);
    expect(await listed(cast.mariaId)).toBe(true);
    const profile = (await app.inject({ method: 'GET', url: `/api/public-trainers/${cast.mariaId}` })).json();
    expect(profile.certifiedThrough).toBe('2028-03-10');
    // A second issue is refused: the record is renewed, never issued twice.
    const again = await act(cast.mariaId, 'issue');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_certified');
  });
});

describe('the renewal round on the app clock', () => {
  it('sends each reminder exactly once (90, 60, 30, 7 days, lapse), moves to renewal due and lapsed, and unlists', {
    timeout: 120_000,
  }, async () => {
    await readyToIssue(cast.mariaId);
    await act(cast.mariaId, 'issue');
    const deps = appDeps(app, clock);
    const statuses = new Map<string, string>();
    // Each day (noon UTC: the same day in Chicago) from before the first reminder to ten days after the expiry.
    const end = Date.parse('2028-03-20T12:00:00Z');
    const round = async () => {
      await runCertificationRound(deps, clock.now());
      // Once more at the same moment: a repeated round (another instance, a retry) sends nothing again.
      await runCertificationRound(deps, clock.now());
    };
    for (clock.set('2027-12-01T12:00:00Z'); clock.now().getTime() <= end; clock.advance(DAY_MS)) {
      await round();
      const { status } = await recordOf(cast.mariaId);
      const day = clock.now().toISOString().slice(0, 10);
      if (!statuses.has(status)) statuses.set(status, day);
    }
    expect(await reminderSubjects('maria@example.com')).toEqual([
      'Your Soul Punch certification expires in 90 days',
      'Your Soul Punch certification expires in 60 days',
      'Your Soul Punch certification expires in 30 days',
      'Your Soul Punch certification expires in 7 days',
      'Your Soul Punch certification has lapsed',
    ]);
    // 90 days before 2028-03-10 (brand time: Chicago), and the day after the expiry day.
    expect(statuses.get('renewal_due')).toBe('2027-12-11');
    expect(statuses.get('lapsed')).toBe('2028-03-11');
    const view = await recordOf(cast.mariaId);
    expect(view.lastReminder).toBe('lapsed');
    expect(
      view.history.slice(0, 2).map((h: { action: string; by: string | null }) => [h.action, h.by]),
    ).toEqual([
      ['lapsed', null],
      ['renewal_due', null],
    ]);
    expect(await listed(cast.mariaId)).toBe(false);
  });

  it('sends only the most urgent reminder when a round finds several due (a missed stretch)', async () => {
    await readyToIssue(cast.mariaId);
    await act(cast.mariaId, 'issue');
    clock.set('2028-03-05T15:00:00Z');
    await runCertificationRound(appDeps(app, clock), clock.now());
    expect(await reminderSubjects('maria@example.com')).toEqual([
      'Your Soul Punch certification expires in 7 days',
    ]);
    clock.set('2028-03-06T15:00:00Z');
    await runCertificationRound(appDeps(app, clock), clock.now());
    expect(await reminderSubjects('maria@example.com')).toHaveLength(1);
  });

  it('renews 2 years from the old expiry, not from today, even when lapsed, and lists the trainer again', async () => {
    await readyToIssue(cast.mariaId);
    await act(cast.mariaId, 'issue');
    clock.set('2028-04-20T15:00:00Z');
    await runCertificationRound(appDeps(app, clock), clock.now());
    expect((await recordOf(cast.mariaId)).status).toBe('lapsed');
    const res = await act(cast.mariaId, 'renew', { reason: 'Renewal fee paid by cheque' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'certified',
      expiresOn: addYears('2028-03-10', 2),
      issuedOn: '2026-03-10',
    });
    expect(res.json().history[0]).toMatchObject({
      action: 'renewed',
      fromStatus: 'lapsed',
      reason: 'Renewal fee paid by cheque',
    });
    expect(await listed(cast.mariaId)).toBe(true);
  });
});

describe('suspend, reinstate and revoke', () => {
  it('each with its reason, audited, and the directory follows', async () => {
    await readyToIssue(cast.mariaId);
    await act(cast.mariaId, 'issue');
    let res = await act(cast.mariaId, 'suspend', { reason: 'Complaint under review' });
    expect(res.json()).toMatchObject({ status: 'suspended' });
    expect(await listed(cast.mariaId)).toBe(false);
    expect((await act(cast.mariaId, 'suspend')).json().error.code).toBe('not_certified');
    expect((await act(cast.mariaId, 'renew')).statusCode).toBe(409);
    res = await act(cast.mariaId, 'reinstate', { reason: 'Complaint closed' });
    expect(res.json()).toMatchObject({ status: 'certified' });
    expect(await listed(cast.mariaId)).toBe(true);
    expect((await act(cast.mariaId, 'reinstate')).json().error.code).toBe('not_suspended');
    res = await act(cast.mariaId, 'revoke', { reason: 'Taught outside the curriculum after warnings' });
    expect(res.json()).toMatchObject({ status: 'revoked' });
    expect(await listed(cast.mariaId)).toBe(false);
    for (const action of ['issue', 'renew', 'suspend', 'reinstate', 'revoke']) {
      const refused = await act(cast.mariaId, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('certificate_revoked');
    }
    const history = (await recordOf(cast.mariaId)).history.map(
      (h: { action: string; reason: string; by: string }) => [h.action, h.reason, h.by],
    );
    expect(history.slice(0, 4)).toEqual([
      ['revoked', 'Taught outside the curriculum after warnings', 'Bea Boss'],
      ['reinstated', 'Complaint closed', 'Bea Boss'],
      ['suspended', 'Complaint under review', 'Bea Boss'],
      ['issued', 'Checked by the office', 'Bea Boss'],
    ]);
    const changes = await app.db
      .selectFrom('trainerChanges')
      .select('changes')
      .where('trainerId', '=', cast.mariaId)
      .execute();
    expect(changes.filter((c) => JSON.stringify(c.changes).includes('"certificate"'))).toHaveLength(4);
  });
});

describe('who may call', () => {
  it('401 signed out, 403 for a trainer (even on their own record), 400 without a reason, 404 for no trainer', async () => {
    for (const action of ['issue', 'renew', 'suspend', 'reinstate', 'revoke']) {
      const url = `/api/trainers/${cast.mariaId}/certification-record/${action}`;
      const signedOut = await app.inject({
        method: 'POST',
        url,
        payload: { reason: 'x'.repeat(5) },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(signedOut.statusCode).toBe(401);
      expect((await act(cast.mariaId, action, { reason: 'My own' }, cast.maria)).statusCode).toBe(403);
      for (const bad of [
        {},
        { reason: '' },
        { reason: 'ok' },
        { reason: 'Fine reason', extra: 1 },
        { reason: 'x'.repeat(501) },
      ]) {
        const res = await act(cast.mariaId, action, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().error.code).toBe('validation_error');
      }
      expect((await act(999_999, action)).statusCode).toBe(404);
    }
    expect((await recordOf(cast.mariaId)).history).toEqual([]);
    // Reading: the trainer their own, not another's.
    expect(
      (await as(cast.maria, { method: 'GET', url: `/api/trainers/${cast.mariaId}/certification-record` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(cast.devon, { method: 'GET', url: `/api/trainers/${cast.mariaId}/certification-record` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/trainers/${cast.mariaId}/certification-record` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the trainer renews from the portal', () => {
  const renew = (cookie: string, trainerId = cast.mariaId) =>
    as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/certification-record/renewal` });

  it('once due, with a refresher attended since it came due; 2 years from the old expiry', async () => {
    await readyToIssue(cast.mariaId);
    await act(cast.mariaId, 'issue');
    let res = await renew(cast.maria);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/opens when your certification comes due/);
    clock.set('2028-01-15T15:00:00Z');
    await runCertificationRound(appDeps(app, clock), clock.now());
    res = await renew(cast.maria);
    expect(res.json().error.code).toBe('renewal_requirements_unmet');
    expect(res.json().error.message).toMatch(/refresher/);
    expect((await recordOf(cast.mariaId, cast.maria)).renewal).toMatchObject({
      canRenew: false,
      nextExpiresOn: '2030-03-10',
      requirements: [{ key: 'refresher', met: false }],
    });
    // Attended a refresher after renewal came due (the training step, marked again).
    await app.db.deleteFrom('trainerOnboardingSteps').where('trainerId', '=', cast.mariaId).execute();
    await app.db
      .insertInto('trainerOnboardingSteps')
      .values({
        trainerId: cast.mariaId,
        step: 'weekly_training_access',
        completedAt: new Date('2028-01-10T15:00:00Z'),
      })
      .execute();
    res = await renew(cast.maria);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      renewed: true,
      certification: { status: 'certified', expiresOn: '2030-03-10' },
    });
    expect(res.json().certification.history[0]).toMatchObject({ action: 'renewed', by: 'Maria Garcia' });
    // Another trainer and admins do not renew from the portal.
    expect((await renew(cast.devon)).statusCode).toBe(403);
    expect((await renew(cast.admin)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/trainers/${cast.mariaId}/certification-record/renewal`,
          headers: { origin: 'http://localhost:3000' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
