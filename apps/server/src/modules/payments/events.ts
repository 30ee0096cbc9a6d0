import { PLANS } from '@soulpunch/shared';
import type { EnrolmentRow } from '../../db/schema-payments';
import type { Trx } from '../../db/types';
import type { RenewalFee } from '../certification/paid-renewal';
import {
  ensureLedgerRows,
  expectedCurrency,
  fulfilFirstPayment,
  markInstalmentFailed,
  markInstalmentPaid,
  refreshPaymentStanding,
} from './ledger';
import {
  earliestRefund,
  enrolmentIdOfCharge,
  insertLedgerEntry,
  instalmentOfInvoice,
  instalmentRow,
} from './ledger-repository';
import {
  endSubscription,
  findEnrolmentForEvent,
  getEnrolment,
  markEnrolmentPaid,
  suspendCertification,
  updateEnrolment,
} from './repository';

/** The part of a Stripe event we read; the test provider sends the same shape. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** An event we refuse for good (wrong amount, a second paid enrolment): recorded, answered 200, not retried. */
export class RefusedEvent extends Error {}

/** What happened, so the caller can send mail or call the provider after the transaction commits. */
export interface EventOutcome {
  enrolmentId: number | null;
  firstPayment?: { trainerId: number };
  failedInstalment?: { instalment: number; payNowUrl: string | null };
  /** A later instalment (2 to 6) paid by this event: its receipt is e-mailed. */
  paidInstalment?: number;
  restored?: boolean;
  suspended?: string;
  /** A chargeback opened: the admin area is told. */
  dispute?: { amountCents: number; reason: string | null };
  /** Stripe flex checkout: the subscription to turn into the flex plan's monthly schedule. */
  scheduleSubscription?: string;
  /** A renewal fee newly paid: the certification module renews in the same transaction. */
  renewalFeePaid?: RenewalFee;
  /** A renewal fee refunded or disputed: it no longer counts toward a renewal not completed yet. */
  renewalFeeWithdrawn?: RenewalFee;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** Our enrolment id as the provider carries it back, wherever the object keeps its metadata. */
function enrolmentRef(o: Record<string, unknown>): string | null {
  const parent = obj(obj(o.parent).subscription_details);
  return (
    str(obj(o.metadata).enrolmentId) ??
    str(obj(obj(o.subscription_details).metadata).enrolmentId) ??
    str(obj(parent.metadata).enrolmentId) ??
    str(o.client_reference_id)
  );
}

/** Trusts only ids from the event and re-reads our own record: subscription, customer, checkout, then metadata. */
async function findEnrolment(
  trx: Trx,
  o: Record<string, unknown>,
  type: string,
): Promise<EnrolmentRow | undefined> {
  const subscription = str(o.subscription) ?? (type.startsWith('customer.subscription') ? str(o.id) : null);
  const checkout = type.startsWith('checkout.session') ? str(o.id) : null;
  const ref = enrolmentRef(o);
  const customer = str(o.customer);
  return findEnrolmentForEvent(trx, { subscription, checkout, ref, customer });
}

function checkAmount(enrolment: EnrolmentRow, amount: number | null, currency: string | null): void {
  if (amount !== enrolment.amountCents || currency?.toLowerCase() !== expectedCurrency) {
    throw new RefusedEvent(
      `amount_mismatch: expected ${enrolment.amountCents} ${expectedCurrency}, got ${amount ?? 'none'} ${currency ?? 'none'}`,
    );
  }
}

/** Which instalment an invoice pays: our metadata, the subscription's first invoice, a known invoice, or its month. */
async function instalmentOf(
  trx: Trx,
  enrolment: EnrolmentRow,
  invoice: Record<string, unknown>,
): Promise<number> {
  const fromMetadata = Number(obj(invoice.metadata).instalment);
  if (Number.isInteger(fromMetadata) && fromMetadata >= 1) return fromMetadata;
  if (invoice.billing_reason === 'subscription_create') return 1;
  const id = str(invoice.id);
  const known = id ? await instalmentOfInvoice(trx, enrolment.id, id) : null;
  if (known) return known;
  const start = num(invoice.period_start) ?? num(invoice.created) ?? 0;
  const months = Math.round((start * 1000 - enrolment.createdAt.getTime()) / (30.44 * 24 * 3600 * 1000));
  return Math.min(PLANS.flex.instalments, Math.max(1, months + 1));
}

/** The amount field each event type carries (in cents); other types: a total or an amount if they have one. */
const AMOUNT_FIELD: Record<string, string> = {
  'checkout.session.completed': 'amount_total',
  'invoice.paid': 'amount_paid',
  'invoice.payment_failed': 'amount_due',
  'charge.refunded': 'amount_refunded',
  'charge.dispute.created': 'amount',
};

/**
 * What the admins' list of events shows of a stored event: the ids that name its enrolment (as findEnrolment reads
 * them), the charge a refund or dispute is about, and the amount and currency it carries.
 */
export function describeEvent(event: ProviderEvent) {
  const type = str(event?.type) ?? '';
  const o = obj(obj(event?.data).object);
  const field = AMOUNT_FIELD[type];
  return {
    ids: {
      subscription: str(o.subscription) ?? (type.startsWith('customer.subscription') ? str(o.id) : null),
      checkout: type.startsWith('checkout.session') ? str(o.id) : null,
      ref: enrolmentRef(o),
      customer: str(o.customer),
    },
    charge: type === 'charge.dispute.created' ? str(o.charge) : type === 'charge.refunded' ? str(o.id) : null,
    amountCents: field ? num(o[field]) : (num(o.amount_total) ?? num(o.amount)),
    currency: str(o.currency),
  };
}

const reload = (trx: Trx, id: number) => getEnrolment(trx, id);

const reasonFor = (refund: boolean) =>
  refund ? 'A payment was refunded.' : 'A payment is disputed (chargeback).';

/** Applies one verified event inside the caller's transaction. Throws RefusedEvent or any error (retry). */
export async function applyPaymentEvent(trx: Trx, event: ProviderEvent): Promise<EventOutcome> {
  const o = event.data.object;
  const at = new Date(event.created * 1000);
  const known = [
    'checkout.session.completed',
    'invoice.paid',
    'invoice.payment_failed',
    'customer.subscription.deleted',
    'charge.refunded',
    'charge.dispute.created',
  ];
  if (!known.includes(event.type)) return { enrolmentId: null };

  let enrolment = await findEnrolment(trx, o, event.type);
  if (!enrolment && event.type.startsWith('charge.')) {
    // A refund or dispute names the charge and its payment: a payment or refund row of ours may hold either.
    const refs = [str(o.charge), str(o.id), str(o.payment_intent)].filter((r): r is string => r !== null);
    for (const ref of refs) {
      const enrolmentId = await enrolmentIdOfCharge(trx, ref);
      if (enrolmentId) {
        enrolment = await reload(trx, enrolmentId);
        break;
      }
    }
  }
  if (!enrolment) throw new Error(`no enrolment matches event ${event.id}`);
  const outcome: EventOutcome = { enrolmentId: enrolment.id };

  // Link the provider's ids as soon as any event names them (they may come in any order).
  const subscription = str(o.subscription);
  const customer = str(o.customer);
  if ((subscription && !enrolment.subscriptionId) || (customer && !enrolment.customerId)) {
    await updateEnrolment(trx, enrolment.id, {
      subscriptionId: enrolment.subscriptionId ?? subscription,
      customerId: enrolment.customerId ?? customer,
      updatedAt: new Date(),
    });
    enrolment = await reload(trx, enrolment.id);
  }

  if (enrolment.purpose === 'renewal') return applyRenewalFeeEvent(trx, enrolment, event, at);

  const suspend = (trainerId: number, when: Date, reason: string) =>
    suspendCertification(trx, trainerId, when, reason);

  const payFirst = async () => {
    await ensureLedgerRows(trx, enrolment as EnrolmentRow);
    const wasPaid = enrolment?.status === 'paid';
    try {
      const trainerId = await fulfilFirstPayment(trx, enrolment as EnrolmentRow, at);
      if (!wasPaid) outcome.firstPayment = { trainerId };
      // A refund or dispute that arrived before the payment itself still suspends the new trainer.
      const earlier = await earliestRefund(trx, (enrolment as EnrolmentRow).id);
      if (earlier?.paidAt) await suspend(trainerId, earlier.paidAt, reasonFor(earlier.status === 'refunded'));
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new RefusedEvent(
          'duplicate_enrolment: this e-mail already has a paid enrolment; refund this payment',
        );
      }
      throw error;
    }
  };

  switch (event.type) {
    case 'checkout.session.completed': {
      if (o.payment_status !== 'paid') break;
      checkAmount(enrolment, num(o.amount_total), str(o.currency));
      // A subscription's first payment is its first invoice (the id invoice.paid carries), whichever comes first.
      const ref = o.mode === 'subscription' ? str(o.invoice) : (str(o.payment_intent) ?? str(o.id));
      await markInstalmentPaid(trx, enrolment, 1, at, ref, null);
      await payFirst();
      if (o.mode === 'subscription' && subscription) outcome.scheduleSubscription = subscription;
      break;
    }
    case 'invoice.paid': {
      checkAmount(enrolment, num(o.amount_paid), str(o.currency));
      const instalment = await instalmentOf(trx, enrolment, o);
      // A later instalment newly paid gets its receipt (paid before, refunded or disputed: none).
      const before = instalment > 1 ? await instalmentRow(trx, enrolment.id, instalment) : undefined;
      await markInstalmentPaid(trx, enrolment, instalment, at, str(o.id), str(o.hosted_invoice_url));
      if (instalment > 1 && !['paid', 'refunded', 'disputed'].includes(before?.status ?? 'scheduled')) {
        outcome.paidInstalment = instalment;
      }
      if (instalment === 1) await payFirst();
      outcome.restored = true;
      break;
    }
    case 'invoice.payment_failed': {
      const instalment = await instalmentOf(trx, enrolment, o);
      const payNowUrl = str(o.hosted_invoice_url);
      await markInstalmentFailed(trx, enrolment, instalment, at, str(o.id), payNowUrl);
      outcome.failedInstalment = { instalment, payNowUrl };
      break;
    }
    case 'customer.subscription.deleted': {
      await endSubscription(trx, enrolment.id, at);
      break;
    }
    case 'charge.refunded':
    case 'charge.dispute.created': {
      const refund = event.type === 'charge.refunded';
      await recordProviderRefund(trx, enrolment, event, at);
      const reason = reasonFor(refund);
      if (enrolment.trainerId) await suspend(enrolment.trainerId, at, reason);
      outcome.suspended = reason;
      if (!refund) outcome.dispute = { amountCents: num(o.amount) ?? 0, reason: str(o.reason) };
      break;
    }
  }
  await refreshPaymentStanding(trx, enrolment.id);
  return outcome;
}

/** A refund or a dispute the provider reports, as a ledger row of the enrolment it is about (once per charge). */
async function recordProviderRefund(trx: Trx, enrolment: EnrolmentRow, event: ProviderEvent, at: Date) {
  const o = event.data.object;
  const refund = event.type === 'charge.refunded';
  const amount = num(refund ? o.amount_refunded : o.amount) ?? 0;
  await insertLedgerEntry(trx, {
    enrolmentId: enrolment.id,
    instalment: null,
    kind: 'refund',
    amountCents: -amount,
    currency: str(o.currency) ?? expectedCurrency,
    dueOn: null,
    status: refund ? 'refunded' : 'disputed',
    providerRef: str(o.id),
    paidAt: at,
    note: refund
      ? 'Refunded by the payment provider'
      : `Dispute opened: ${str(o.reason) ?? 'no reason given'}`,
  });
}

/**
 * A renewal fee's events: its checkout paid (the ledger's renewal row, the enrolment paid; a second paid fee for
 * the same expiry is refused, to be refunded), or refunded or disputed (recorded; the fee stops counting toward a
 * renewal not done yet, a renewal done stands, and the program's payment standing is not touched).
 */
async function applyRenewalFeeEvent(
  trx: Trx,
  enrolment: EnrolmentRow,
  event: ProviderEvent,
  at: Date,
): Promise<EventOutcome> {
  const o = event.data.object;
  const outcome: EventOutcome = { enrolmentId: enrolment.id };
  if (!enrolment.trainerId || !enrolment.renewsExpiresOn) {
    throw new Error(`renewal enrolment ${enrolment.id} has no trainer or expiry`);
  }
  const fee = { trainerId: enrolment.trainerId, renewsExpiresOn: enrolment.renewsExpiresOn };
  if (event.type === 'checkout.session.completed' && o.payment_status === 'paid') {
    checkAmount(enrolment, num(o.amount_total), str(o.currency));
    await markInstalmentPaid(trx, enrolment, 1, at, str(o.payment_intent) ?? str(o.id), null);
    try {
      await markEnrolmentPaid(trx, enrolment.id, at);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new RefusedEvent(
          'duplicate_renewal: this expiry has a paid renewal fee already; refund this payment',
        );
      }
      throw error;
    }
    outcome.renewalFeePaid = fee;
  } else if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') {
    await recordProviderRefund(trx, enrolment, event, at);
    outcome.renewalFeeWithdrawn = fee;
  }
  return outcome;
}
