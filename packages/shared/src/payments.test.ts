import { describe, expect, it } from 'vitest';
import {
  LEDGER_STATUS_LABELS,
  LEDGER_STATUSES,
  offlinePaymentAmountCents,
  offlinePaymentSchema,
  PAYMENT_STATUS_LABELS,
  paymentWord,
} from './payments';
import { PLANS } from './plans';
import { PAYMENT_STATUSES } from './presets';

const valid = {
  method: 'cheque',
  plan: 'full',
  reason: 'Cheque 1042',
  requestId: '4f0e8a0e-8f0a-4a4c-9d55-6a1c1a3e1a2b',
} as const;

describe('the offline payment an admin records', () => {
  it("takes a plan's amount from PLANS, or the amount stated", () => {
    expect(offlinePaymentAmountCents({ plan: 'full' })).toBe(PLANS.full.amountCents);
    expect(offlinePaymentAmountCents({ plan: 'flex' })).toBe(PLANS.flex.amountCents);
    expect(offlinePaymentAmountCents({ amountCents: 12_345 })).toBe(12_345);
  });

  it('accepts a plan or a stated amount, and nothing received only when waived', () => {
    expect(offlinePaymentSchema.safeParse(valid).success).toBe(true);
    const stated = { ...valid, plan: undefined, amountCents: 50_000 };
    expect(offlinePaymentSchema.safeParse(stated).success).toBe(true);
    expect(offlinePaymentSchema.safeParse({ ...stated, amountCents: 0 }).success).toBe(false);
    expect(offlinePaymentSchema.safeParse({ ...stated, amountCents: 0, method: 'waived' }).success).toBe(
      true,
    );
  });

  it.each([
    ['negative', { plan: undefined, amountCents: -1 }],
    ['both plan and amount', { amountCents: 100 }],
    ['neither plan nor amount', { plan: undefined }],
    ['part of a cent', { plan: undefined, amountCents: 0.5 }],
    ['an unknown method', { method: 'iou' }],
    ['a short reason', { reason: 'ok' }],
    ['no request id', { requestId: 'once' }],
  ])('refuses %s', (_, extra) => {
    expect(offlinePaymentSchema.safeParse({ ...valid, ...extra }).success).toBe(false);
  });
});

describe('payment statuses in words', () => {
  it('names every ledger and standing value, and shows an unknown one as it is', () => {
    for (const s of LEDGER_STATUSES) expect(LEDGER_STATUS_LABELS[s]).toMatch(/^[A-Z][a-z]+$/);
    for (const s of PAYMENT_STATUSES) expect(PAYMENT_STATUS_LABELS[s]).not.toContain('_');
    expect(paymentWord(PAYMENT_STATUS_LABELS, 'past_due')).toBe('Past Due');
    expect(paymentWord(PAYMENT_STATUS_LABELS, 'mystery')).toBe('mystery');
  });
});
