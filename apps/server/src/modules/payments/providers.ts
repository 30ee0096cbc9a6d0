import { createHmac } from 'node:crypto';
import { PLANS, PORTAL_ENROLMENT_PATH, RENEWAL_FEE } from '@soulpunch/shared';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config';
import type { EnrolmentRow } from '../../db/schema-payments';
import { badRequest } from '../../lib/app-error';
import { lazyModule } from '../../lib/lazy-module';
import type { ProviderEvent } from './events';

/** Pinned: the SDK's types describe this version; a Stripe account upgrade never changes what we receive. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
/** Stripe's own tolerance for the age of a signed event. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CheckoutCreated {
  checkoutId: string;
  url: string;
}

/** What the app asks of whoever takes the money. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** The hosted page where this enrolment pays its first (or only) payment. */
  createCheckout(enrolment: EnrolmentRow): Promise<CheckoutCreated>;
  /** Checks the signature on the exact bytes received; throws a 400 AppError when it does not hold. */
  verifyEvent(raw: Buffer, signature: string | undefined, nowMs: number): ProviderEvent;
  /** After a flex checkout: turn the subscription into the flex plan's monthly payments that then stop. */
  scheduleInstalments(enrolment: EnrolmentRow, subscriptionId: string): Promise<void>;
}

/** The SDK loads on first use (a webhook, a checkout), not at start-up. */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

let offline: Stripe | undefined;
/** Only the webhook helpers of the SDK are used here; they make no network call. */
const offlineStripe = () =>
  (offline ??= new (stripeSdk())('sk_test_offline_signature_checks_only', {
    apiVersion: STRIPE_API_VERSION,
  }));

export function verifyStripeSignature(
  raw: Buffer,
  signature: string | undefined,
  secret: string,
  nowMs: number,
): ProviderEvent {
  if (!signature) throw badRequest('invalid_signature', 'Missing webhook signature.');
  try {
    return offlineStripe().webhooks.constructEvent(
      raw,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      nowMs,
    ) as unknown as ProviderEvent;
  } catch {
    throw badRequest('invalid_signature', 'The webhook signature is not valid or has expired.');
  }
}

export function signTestEvent(payload: string, secret: string, nowMs: number): string {
  return offlineStripe().webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(nowMs / 1000),
  });
}

/** The test provider's signing secret: per installation, never configured, never leaves the server. */
export const testWebhookSecret = (config: AppConfig) =>
  `whsec_${createHmac('sha256', config.sessionSecret).update('test-payment-provider').digest('hex')}`;

/** What the checkout says is bought: the program and its plan, or the renewal of the certificate. */
export function checkoutItemName(enrolment: EnrolmentRow): string {
  if (!enrolment.plan) return `Soul Punch Trainer Certification: ${RENEWAL_FEE.label}`;
  return `Soul Punch Trainer Certification (${PLANS[enrolment.plan].label})`;
}

/**
 * Where the provider sends the browser back: a trainer who paid from the portal (a plan or a renewal fee) to the
 * dashboard, a visitor to the confirmation page; a cancelled renewal back to the dashboard it started from.
 */
export function checkoutReturnUrls(appUrl: string, enrolment: EnrolmentRow) {
  if (enrolment.purpose === 'renewal') {
    return {
      success_url: `${appUrl}/trainer-portal/dashboard`,
      cancel_url: `${appUrl}/trainer-portal/dashboard`,
    };
  }
  const portal = enrolment.origin === 'portal';
  return {
    success_url: `${appUrl}${portal ? '/trainer-portal/dashboard' : '/onboarding/payment-confirmation'}`,
    cancel_url: `${appUrl}${portal ? PORTAL_ENROLMENT_PATH : '/onboarding/checkout'}`,
  };
}

export function createTestProvider(
  config: AppConfig,
  openCheckout: (enrolment: EnrolmentRow) => Promise<string>,
): PaymentProvider {
  const secret = testWebhookSecret(config);
  return {
    name: 'test',
    async createCheckout(enrolment) {
      const checkoutId = await openCheckout(enrolment);
      return { checkoutId, url: `${config.appUrl}/test-checkout/${checkoutId}` };
    },
    verifyEvent: (raw, signature, nowMs) => verifyStripeSignature(raw, signature, secret, nowMs),
    // The test provider bills instalments itself on the app's clock (see test-provider.ts).
    async scheduleInstalments() {},
  };
}

export function stripeClient(config: AppConfig): Stripe {
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const StripeClient = stripeSdk();
  return new StripeClient(config.stripeSecretKey ?? '', {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export function createStripeProvider(config: AppConfig, stripe = stripeClient(config)): PaymentProvider {
  const secret = config.stripeWebhookSecret ?? '';
  return {
    name: 'stripe',
    async createCheckout(enrolment) {
      const metadata = { enrolmentId: enrolment.publicId };
      const flex = enrolment.plan === 'flex';
      const session = await stripe.checkout.sessions.create(
        {
          mode: flex ? 'subscription' : 'payment',
          customer_email: enrolment.email,
          client_reference_id: enrolment.publicId,
          metadata,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: enrolment.currency,
                // The enrolment's amount: its plan's, or the renewal fee, both from plans.ts when it was made.
                unit_amount: enrolment.amountCents,
                product_data: { name: checkoutItemName(enrolment) },
                ...(flex ? { recurring: { interval: 'month' as const, interval_count: 1 } } : {}),
              },
            },
          ],
          ...(flex ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          ...checkoutReturnUrls(config.appUrl, enrolment),
        },
        // A retry of the same attempt never opens a second session.
        { idempotencyKey: `checkout-${enrolment.publicId}-${enrolment.checkoutAttempt}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { checkoutId: session.id, url: session.url };
    },
    verifyEvent: (raw, signature, nowMs) => verifyStripeSignature(raw, signature, secret, nowMs),
    async scheduleInstalments(enrolment, subscriptionId) {
      const schedule = await stripe.subscriptionSchedules.create(
        { from_subscription: subscriptionId },
        { idempotencyKey: `schedule-${enrolment.publicId}` },
      );
      const phase = schedule.phases[0];
      const price = phase?.items[0]?.price;
      if (!phase || !price) throw new Error(`subscription schedule ${schedule.id} has no phase to extend`);
      // The flex plan's monthly payments, then the subscription ends by itself (`iterations` is gone from the API).
      await stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'cancel',
          phases: [
            {
              start_date: phase.start_date,
              items: [{ price: typeof price === 'string' ? price : price.id, quantity: 1 }],
              duration: { interval: 'month', interval_count: PLANS.flex.instalments },
            },
          ],
        },
        { idempotencyKey: `schedule-${enrolment.publicId}-${PLANS.flex.instalments}-months` },
      );
    },
  };
}
