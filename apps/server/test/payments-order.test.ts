import { fc, test } from '@fast-check/vitest';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { signTestEvent, testWebhookSecret } from '../src/modules/payments/providers';
import { buildTestApp, emptyTables, type TestApp } from './helper';

/**
 * Providers deliver events late, twice, and out of order. Whatever order and duplication a flex plan's events
 * arrive in, the ledger and the trainer's final state must be the same.
 */
let t: TestApp;
let app: FastifyInstance;
const clock = manualClock('2026-03-10T15:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());

const start = Math.floor(new Date('2026-03-10T15:00:00Z').getTime() / 1000);
const DAY = 86_400;

/** A flex plan's life: checkout, six invoices (the 3rd fails once, then is paid), and the subscription's end. */
function flexEvents(ref: string) {
  const sub = `sub_${ref}`;
  const invoice = (n: number, type: string, extra: object = {}) => ({
    id: `evt_${ref}_${type}_${n}`,
    type,
    created: start + (n - 1) * 30 * DAY + (type === 'invoice.paid' && n === 3 ? 2 * DAY : 0),
    data: {
      object: {
        id: `in_${ref}_${n}`,
        customer: `cus_${ref}`,
        subscription: sub,
        amount_paid: type === 'invoice.paid' ? 49_900 : 0,
        currency: 'usd',
        billing_reason: n === 1 ? 'subscription_create' : 'subscription_cycle',
        metadata: { instalment: String(n) },
        subscription_details: { metadata: { enrolmentId: ref } },
        hosted_invoice_url: type === 'invoice.payment_failed' ? `https://pay.example/${n}` : null,
        ...extra,
      },
    },
  });
  return [
    {
      id: `evt_${ref}_session`,
      type: 'checkout.session.completed',
      created: start,
      data: {
        object: {
          id: `cs_${ref}`,
          mode: 'subscription',
          payment_status: 'paid',
          amount_total: 49_900,
          currency: 'usd',
          customer: `cus_${ref}`,
          subscription: sub,
          metadata: { enrolmentId: ref },
        },
      },
    },
    invoice(1, 'invoice.paid'),
    invoice(2, 'invoice.paid'),
    invoice(3, 'invoice.payment_failed'),
    invoice(3, 'invoice.paid'),
    invoice(4, 'invoice.payment_failed'),
    invoice(5, 'invoice.paid'),
    invoice(6, 'invoice.paid'),
    {
      id: `evt_${ref}_deleted`,
      type: 'customer.subscription.deleted',
      created: start + 200 * DAY,
      data: { object: { id: sub, customer: `cus_${ref}`, metadata: { enrolmentId: ref } } },
    },
  ];
}

async function newEnrolment(ref: string) {
  await app.db
    .insertInto('enrolments')
    .values({
      publicId: ref,
      cookieHash: `hash_${ref}`,
      fullName: 'Order Test',
      email: `${ref}@example.com`,
      termsAgreedAt: new Date(start * 1000),
      plan: 'flex',
      amountCents: 49_900,
      totalCents: 299_400,
      currency: 'usd',
      provider: 'test',
      createdAt: new Date(start * 1000),
    })
    .execute();
}

/** Delivers like a provider: true when accepted; a 5xx answer means "try again later". */
async function deliver(event: object): Promise<boolean> {
  const payload = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signTestEvent(payload, testWebhookSecret(app.config), clock.now().getTime()),
    },
    payload,
  });
  expect([200, 500], res.body).toContain(res.statusCode);
  return res.statusCode === 200;
}

/** Delivers in order, and retries refused deliveries afterwards, as a provider does. */
async function deliverAll(events: object[]) {
  let queue = events;
  for (let round = 0; queue.length && round < 5; round++) {
    const retry: object[] = [];
    for (const event of queue) if (!(await deliver(event))) retry.push(event);
    queue = retry;
  }
  expect(queue).toEqual([]);
}

async function finalState(ref: string) {
  const enrolment = await app.db
    .selectFrom('enrolments')
    .select(['id', 'status', 'paidAt', 'subscriptionId', 'customerId', 'subscriptionEndedAt', 'trainerId'])
    .where('publicId', '=', ref)
    .executeTakeFirstOrThrow();
  const ledger = await app.db
    .selectFrom('payments')
    .select([
      'instalment',
      'kind',
      'amountCents',
      'dueOn',
      'status',
      'attempts',
      'paidAt',
      'failedAt',
      'providerRef',
      'payNowUrl',
    ])
    .where('enrolmentId', '=', enrolment.id)
    .orderBy('instalment')
    .execute();
  const trainer = await app.db
    .selectFrom('trainers')
    .select(['paymentStatus', 'onboardingStatus', 'pastDueSince', 'accessPausedAt'])
    .where('id', '=', enrolment.trainerId as number)
    .executeTakeFirstOrThrow();
  const { id: _id, trainerId: _t, ...rest } = enrolment;
  return { enrolment: rest, ledger, trainer };
}

describe('flex plan events in any order', () => {
  let reference: Awaited<ReturnType<typeof finalState>>;
  beforeAll(async () => {
    await emptyTables(app.db, ['payment_events']);
    await newEnrolment('enr_reference');
    await deliverAll(flexEvents('enr_reference'));
    reference = await finalState('enr_reference');
    expect(reference.trainer.paymentStatus).toBe('past_due');
    expect(reference.ledger.map((r) => r.status)).toEqual(['paid', 'paid', 'paid', 'failed', 'paid', 'paid']);
  });

  let run = 0;
  test.prop(
    [
      fc
        // Every event once, some again (the duplicates), in any order.
        .array(fc.integer({ min: 0, max: 8 }), { minLength: 0, maxLength: 12 })
        .chain((duplicates) =>
          fc.shuffledSubarray([...Array.from({ length: 9 }, (_, i) => i), ...duplicates], {
            minLength: 9 + duplicates.length,
          }),
        ),
    ],
    { numRuns: 25, seed: 20261122 },
  )(
    'gives the same ledger and final state',
    async (order) => {
      const ref = `enr_run_${++run}`;
      await newEnrolment(ref);
      const events = flexEvents(ref);
      await deliverAll(order.map((index) => events[index] as object));
      const state = await finalState(ref);
      const normalise = (s: typeof state) =>
        JSON.parse(JSON.stringify(s).replaceAll(ref, 'REF').replaceAll('enr_reference', 'REF'));
      expect(normalise(state)).toEqual(normalise(reference));
      // 25 orders of nine webhook deliveries: a few seconds alone, more on a loaded machine.
    },
    120_000,
  );
});
