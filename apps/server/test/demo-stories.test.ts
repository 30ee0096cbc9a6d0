import {
  type DocumentSummary,
  type PaymentSummary,
  type portalResourcesSchema,
  type TrainerMarkerFeed,
  unpackMarkers,
} from '@soulpunch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_ADMIN, DEMO_HEADQUARTERS, loadDemoDataIfEmpty } from '../src/demo/demo-data';
import { DEMO_DUE_WITHOUT_REFRESHER } from '../src/demo/demo-stories';
import { systemClock } from '../src/lib/clock';
import { getTrainerStanding } from '../src/modules/standing/service';
import { appDeps, buildTestApp, signIn, TEST_APP_URL, type TestApp, withCookie } from './helper';

// The demo tells one story on every screen: what the admin's lists, ledger and documents say of each trainer
// decides what the public sees. Everything is read through the API, as the screens read it.

let t: TestApp;
let admin: string;
let trainers: Array<{
  id: number;
  name: string;
  email: string;
  paymentStatus: string;
  onboardingStatus: string;
}>;
const payments = new Map<number, PaymentSummary>();
const documents = new Map<number, DocumentSummary[]>();

const get = async <T>(url: string, cookie?: string): Promise<T> => {
  const res = await t.app.inject(
    cookie ? withCookie(cookie, { method: 'GET', url }) : { method: 'GET', url },
  );
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

const signedAll = (id: number) => (documents.get(id) ?? []).filter((d) => d.status === 'signed').length === 3;

beforeAll(async () => {
  t = await buildTestApp();
  expect(await loadDemoDataIfEmpty(appDeps(t.app, systemClock))).toBe(true);
  admin = await signIn(t.app, DEMO_ADMIN.email);
  trainers = await get('/api/trainers?limit=200', admin);
  for (const trainer of trainers) {
    payments.set(trainer.id, await get(`/api/trainers/${trainer.id}/payments`, admin));
    documents.set(trainer.id, await get(`/api/trainers/${trainer.id}/documents`, admin));
  }
}, 120_000);
afterAll(() => t.close());

describe('the demo data', () => {
  it('has every story: paid in full, on the flex plan, past due, unpaid; documents signed, sent (reminded or not) and expired', () => {
    const summaries = trainers.map((tr) => ({
      ...tr,
      pay: payments.get(tr.id),
      docs: documents.get(tr.id) ?? [],
    }));
    const paidInFull = summaries.filter(
      (s) => s.pay?.plan === 'full' && s.pay.progressLabel === 'Paid in full',
    );
    const onPlan = summaries.filter((s) => s.pay?.plan === 'flex' && s.pay.paymentStatus === 'completed');
    const pastDue = summaries.filter((s) => s.pay?.pastDue);
    const unpaid = summaries.filter((s) => s.pay?.plan === null);
    expect(paidInFull.length).toBeGreaterThan(10);
    expect(onPlan.length).toBeGreaterThan(2);
    // On the plan, some instalments paid and the next ones scheduled, each in the ledger.
    for (const s of onPlan) {
      expect(s.pay?.paidCount).toBeGreaterThan(1);
      expect(s.pay?.entries.filter((e) => e.status === 'paid')).toHaveLength(s.pay?.paidCount ?? -1);
    }
    expect(onPlan.some((s) => (s.pay?.paidCount ?? 0) < (s.pay?.totalCount ?? 0))).toBe(true);
    // One past due: the failed instalment has a page to pay it now, and the grace period is over.
    expect(pastDue).toHaveLength(1);
    expect(pastDue[0]?.pay).toMatchObject({ paymentStatus: 'past_due', accessPaused: true });
    expect(pastDue[0]?.pay?.payNowUrl).toMatch(new RegExp(`^${TEST_APP_URL}/test-checkout/cs_test_`));
    expect(pastDue[0]?.pay?.entries.some((e) => e.status === 'failed')).toBe(true);
    expect(unpaid.length).toBeGreaterThan(0);
    for (const s of unpaid) {
      expect(s).toMatchObject({ paymentStatus: 'pending', onboardingStatus: 'payment_pending' });
      expect(s.docs).toEqual([]);
    }

    const all = summaries.flatMap((s) => s.docs);
    const signed = all.filter((d) => d.status === 'signed');
    const sent = all.filter((d) => d.status === 'sent');
    expect(signed.length).toBeGreaterThan(30);
    expect(signed.every((d) => d.signedAt && d.sentAt && d.signedAt > d.sentAt)).toBe(true);
    // Sent: some already had the automatic reminder, some can still be sent one by an admin.
    expect(sent.some((d) => d.reminderSentAt !== null)).toBe(true);
    expect(sent.some((d) => d.reminderSentAt === null)).toBe(true);
    expect(all.filter((d) => d.status === 'expired').length).toBeGreaterThan(0);
    // Onboarding follows the documents: completed exactly when all three are signed.
    for (const s of summaries.filter((x) => x.pay?.plan)) {
      expect(s.onboardingStatus).toBe(signedAll(s.id) ? 'completed' : 'documents_pending');
    }
  });

  it('keeps headquarters paid in full, signed and listed', () => {
    const hq = trainers.find((tr) => tr.email === DEMO_HEADQUARTERS.email);
    expect(hq).toMatchObject({ paymentStatus: 'completed', onboardingStatus: 'completed' });
    expect(payments.get(hq?.id ?? -1)?.progressLabel).toBe('Paid in full');
    expect(signedAll(hq?.id ?? -1)).toBe(true);
  });

  it('shows a signed document with its audit trail and issues its sealed PDF on first download', async () => {
    const hq = trainers.find((tr) => tr.email === DEMO_HEADQUARTERS.email);
    const doc = documents.get(hq?.id ?? -1)?.[0];
    const events = await get<Array<{ type: string }>>(`/api/documents/${doc?.id}/audit`, admin);
    expect(events.map((e) => e.type)).toEqual(['sent', 'consented', 'signed']);
    const pdf = await t.app.inject(
      withCookie(admin, { method: 'GET', url: `/api/documents/${doc?.id}/pdf` }),
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});

describe('the public side of the demo', () => {
  it('lists only trainers in good standing, paid and signed, in the directory, map, classes and calendar feed', async () => {
    const listed = await get<Array<{ id: number }>>('/api/public-trainers');
    const markers = unpackMarkers(await get<TrainerMarkerFeed>('/api/public-trainers/markers'));
    const classes = await get<Array<{ id: number; trainerId: number }>>('/api/classes?limit=1000');
    // The feed keeps a month of past classes too (the demo's reviewed classes among them).
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const feedWindow = await get<Array<{ id: number }>>(`/api/classes?limit=1000&from=${monthAgo}`);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/calendar/classes.ics' })).body;
    const feedClassIds = [...feed.matchAll(/UID:class-(\d+)@/g)].map((m) => Number(m[1]));

    const publicIds = new Set([
      ...listed.map((x) => x.id),
      ...markers.map(([id]) => id),
      ...classes.map((c) => c.trainerId),
    ]);
    expect(listed.length).toBeGreaterThan(10);
    expect(feedClassIds.sort()).toEqual(feedWindow.map((c) => c.id).sort());
    for (const id of publicIds) {
      expect((await getTrainerStanding(t.app.db, id)).listed).toBe(true);
      const trainer = trainers.find((tr) => tr.id === id);
      expect(trainer?.paymentStatus, trainer?.email).toBe('completed');
      expect(signedAll(id), trainer?.email).toBe(true);
    }
    // And everyone who is not in good standing stays out: unpaid, unsigned, expired, past due.
    const hidden = trainers.filter((tr) => !publicIds.has(tr.id));
    for (const tr of trainers) {
      const pay = payments.get(tr.id);
      if (!pay?.plan || !signedAll(tr.id) || pay.pastDue) expect(hidden).toContainEqual(tr);
    }
  });
});

describe('the demo reviews', () => {
  const ratingOf = async (email: string) => {
    const id = trainers.find((tr) => tr.email === email)?.id;
    return (await get<{ rating: unknown; testimonials: unknown[] }>(`/api/public-trainers/${id}`)).rating;
  };

  it('give stars to trainers with three visible reviews or more, none below, a hidden one left out', async () => {
    expect(await ratingOf('jordan.wood@example.com')).toEqual({ mean: 4.5, count: 4 });
    expect(await ratingOf('taylor.wood@example.com')).toEqual({ mean: 4.3, count: 3 });
    expect(await ratingOf('monique.perry@example.com')).toBeNull();
    // Five reviews, one hidden by the admin with its reason.
    expect(await ratingOf('angela.campbell@example.com')).toEqual({ mean: 4.5, count: 4 });
    expect(await ratingOf(DEMO_HEADQUARTERS.email)).toBeNull();
    const jordan = trainers.find((tr) => tr.email === 'jordan.wood@example.com')?.id;
    const profile = await get<{ testimonials: Array<{ comment: string }> }>(`/api/public-trainers/${jordan}`);
    expect(profile.testimonials.map((x) => x.comment).sort()).toEqual([
      'Practical, calm and encouraging. I left feeling ready.',
      'The awareness drills changed how I walk to my car.',
    ]);
  });

  it('sent the links of a class that ended before the demo loaded, to the mailbox, once', async () => {
    for (const email of ['robin.ellis@example.com', 'casey.young@example.com']) {
      const sent = await t.app.db
        .selectFrom('outboxMessages')
        .select('textBody')
        .where('toAddress', '=', email)
        .where('subject', 'like', 'How was%')
        .execute();
      expect(sent, email).toHaveLength(1);
      expect(sent[0]?.textBody).toMatch(/\/public\/review\?token=[\w-]{43}/);
    }
    // The demo's past review e-mails reached no outbox.
    const past = await t.app.db
      .selectFrom('outboxMessages')
      .select('toAddress')
      .where('subject', 'like', 'How was%')
      .execute();
    expect(past.map((m) => m.toAddress).sort()).toEqual([
      'casey.young@example.com',
      'robin.ellis@example.com',
    ]);
  });
});

describe('the demo resources', () => {
  it('each opens a guide page the app serves itself', async () => {
    const hq = await signIn(t.app, DEMO_HEADQUARTERS.email);
    const resources = await get<z.output<typeof portalResourcesSchema>>('/api/resources', hq);
    const all = [
      ...resources.categories.flatMap((c) => c.resources),
      ...resources.upcomingTraining,
      ...resources.trainingSchedule,
    ];
    expect(all.length).toBeGreaterThan(20);
    for (const resource of all) {
      expect(resource.url.startsWith(`${TEST_APP_URL}/guides/`), resource.url).toBe(true);
      const page = await t.app.inject({ method: 'GET', url: resource.url.slice(TEST_APP_URL.length) });
      expect(page.statusCode, resource.url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<h1>');
      expect(page.body).not.toMatch(/lorem ipsum/i);
    }
  });

  it('answers 404 for a guide that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/guides/no-such-guide' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Guide not found');
  });
});

describe('the demo’s certificates', () => {
  it('are issued by the admin through the service to every paid and signed trainer, renewed 2 years from the old expiry', async () => {
    let renewed = 0;
    for (const trainer of trainers) {
      const record = await get<{
        status: string;
        issuedOn: string | null;
        expiresOn: string | null;
        history: Array<{ action: string; by: string | null; expiresOn: string | null }>;
      }>(`/api/trainers/${trainer.id}/certification-record`, admin);
      if (!signedAll(trainer.id)) {
        expect(record.status, trainer.email).toBe('in_training');
        continue;
      }
      expect(['certified', 'renewal_due'], trainer.email).toContain(record.status);
      const events = [...record.history].reverse();
      expect(events[0]).toMatchObject({ action: 'issued', by: DEMO_ADMIN.name });
      for (const [i, event] of events.entries()) {
        if (event.action !== 'renewed') continue;
        renewed++;
        const before = events.slice(0, i).findLast((e) => e.expiresOn)?.expiresOn ?? '';
        expect(Number(event.expiresOn?.slice(0, 4)) - Number(before.slice(0, 4))).toBe(2);
        expect(event.expiresOn?.slice(5)).toBe(before.slice(5));
      }
    }
    expect(renewed).toBeGreaterThan(3);
  });

  it('has certificates due for renewal whatever day the demo is loaded, still listed: one renewable, one missing a refresher', async () => {
    const due = [];
    for (const trainer of trainers) {
      const record = await get<{
        status: string;
        daysLeft: number;
        renewal: { canRenew: boolean; requirements: Array<{ key: string; met: boolean }> };
      }>(`/api/trainers/${trainer.id}/certification-record`, admin);
      if (record.status === 'renewal_due') due.push({ ...record, id: trainer.id, email: trainer.email });
    }
    expect(due.length).toBeGreaterThanOrEqual(2);
    // Days count in the brand's zone, whatever the hour in UTC the demo loaded.
    expect(due.find((d) => d.daysLeft === 45)?.renewal.canRenew).toBe(true);
    expect(due.find((d) => d.email === DEMO_DUE_WITHOUT_REFRESHER.email)).toMatchObject({
      daysLeft: DEMO_DUE_WITHOUT_REFRESHER.inDays,
      renewal: { canRenew: false, requirements: [{ key: 'refresher', met: false }] },
    });
    for (const d of due) expect((await getTrainerStanding(t.app.db, d.id)).listed).toBe(true);
  });
});

describe('the demo calendar', () => {
  interface Calendar {
    sessions: Array<{ id: number; title: string; date: string; registeredCount: number; capacity: number }>;
    slots: Array<{ id: number; date: string; booking: { trainerName: string } | null }>;
    events: Array<{ title: string; date: string }>;
  }
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('holds Train the Trainer sessions ahead with trainers registered, slots (some booked) and a group event', async () => {
    const calendar = await get<Calendar>(`/api/admin/calendar?from=${today}&to=${inDays(60)}`, admin);
    const ahead = calendar.sessions.filter((s) => s.date > today);
    expect(ahead.map((s) => s.title)).toEqual(['Train the Trainer', 'Train the Trainer']);
    expect(ahead.map((s) => s.registeredCount)).toEqual([3, 2]);
    const detail = await get<{ registrants: Array<{ email: string; attended: boolean }> }>(
      `/api/admin/calendar/sessions/${ahead[0]?.id}`,
      admin,
    );
    expect(detail.registrants.every((r) => !r.attended)).toBe(true);
    expect(calendar.slots.length).toBe(8);
    expect(calendar.slots.filter((s) => s.booking).length).toBe(2);
    expect(calendar.events.map((e) => e.title)).toEqual(['Trainer Community Meetup']);
    // The past was e-mailed before the demo began: no invite waits in the outbox.
    const outbox = await t.app.db.selectFrom('outboxMessages').select('subject').execute();
    expect(outbox.filter((m) => /registered|Consultation booked/.test(m.subject))).toEqual([]);
  });

  it("gives a trainer open slots to book and the sessions to register for in the portal's Calendar", async () => {
    const trainer = trainers.find((tr) => tr.email === 'priya.perry@example.com');
    const cookie = await signIn(t.app, 'priya.perry@example.com');
    const mine = await get<{
      sessions: Array<{ registered: boolean }>;
      openSlots: unknown[];
      bookings: unknown[];
    }>('/api/trainer-calendar', cookie);
    expect(trainer).toBeDefined();
    expect(mine.sessions.map((s) => s.registered)).toEqual([true, false]);
    expect(mine.openSlots.length).toBe(6);
  });
});

describe('the demo inventory', () => {
  it('ships a starter kit to every certified trainer, leaves the newest to pack, and shows low stock', async () => {
    const certified = trainers.filter((tr) => signedAll(tr.id));
    const shipments = await get<
      Array<{ trainerId: number; kind: string; status: string; trackingNumber: string | null }>
    >('/api/admin/shipments', admin);
    const kits = shipments.filter((s) => s.kind === 'starter_kit');
    expect(new Set(kits.map((k) => k.trainerId))).toEqual(new Set(certified.map((tr) => tr.id)));
    expect(kits.filter((k) => k.status === 'to_pack')).toHaveLength(2);
    for (const kit of kits.filter((k) => k.status !== 'to_pack')) expect(kit.trackingNumber).toBeTruthy();
    expect(kits.some((k) => k.status === 'delivered')).toBe(true);

    const { items } = await get<{ items: Array<{ sku: string; stock: number; lowStock: boolean }> }>(
      '/api/admin/inventory',
      admin,
    );
    expect(items.length).toBeGreaterThanOrEqual(7);
    expect(items.every((i) => i.stock >= 0)).toBe(true);
    expect(items.some((i) => i.lowStock)).toBe(true);

    const requests = await get<Array<{ status: string; shipmentId: number | null }>>(
      '/api/admin/replacement-requests',
      admin,
    );
    expect(requests.map((r) => r.status).sort()).toEqual(['approved', 'declined', 'pending']);
    expect(shipments.some((s) => s.kind === 'replacement' && s.status === 'shipped')).toBe(true);
  });
});
