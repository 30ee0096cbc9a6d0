import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { AppConfig } from '../src/config';

/**
 * A local stand-in for Stripe's API, so the Stripe path runs through the real `stripe` library (the app points it
 * here with `stripeApiUrl`) without the network, and webhook events signed by the library's own test helper.
 */

/** The webhook secret the stand-in's app is configured with, and events are signed with. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_stand_in_secret';

/** One request the app made to Stripe: the form it sent and the headers Stripe gives meaning to. */
export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  version: string | undefined;
}

/** What the stand-in answers a call with. */
export interface StripeAnswer {
  status: number;
  body: object;
}

/**
 * Lets a test answer a call itself (a slow or refusing Stripe, or a read made while Stripe is answering);
 * undefined leaves the call to the stand-in's usual answer.
 */
export type StripeOverride = (
  call: StripeCall,
) => StripeAnswer | undefined | Promise<StripeAnswer | undefined>;

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

/**
 * Stripe's answers to the calls the app makes: a checkout session (numbered, so each enrolment's is its own), a
 * subscription schedule made from the subscription, and its update. Any other path is a 404 in Stripe's error
 * shape, so a call the app should not make fails loudly in the SDK as it would at Stripe.
 */
function usualAnswer(path: string, sessions: number): StripeAnswer {
  if (path === '/v1/checkout/sessions') {
    return {
      status: 200,
      body: {
        id: `cs_stand_in_${sessions}`,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/${sessions}`,
      },
    };
  }
  if (path === '/v1/subscription_schedules') {
    return {
      status: 200,
      body: {
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        phases: [{ start_date: 1_773_154_800, items: [{ price: 'price_flex', quantity: 1 }] }],
      },
    };
  }
  if (path === '/v1/subscription_schedules/sub_sched_1') {
    return {
      status: 200,
      body: { id: 'sub_sched_1', object: 'subscription_schedule', end_behavior: 'cancel' },
    };
  }
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `no stand-in for ${path}` } },
  };
}

/**
 * Starts the stand-in on a free local port. `calls` records every request in order (tests read what the app sent);
 * `config` is what `buildTestApp` needs to use Stripe through it; `close` stops it.
 */
export async function startStripeStandIn(override?: StripeOverride) {
  const calls: StripeCall[] = [];
  let sessions = 0;
  const server = createServer(async (req, res) => {
    const call: StripeCall = {
      method: req.method ?? '',
      path: req.url ?? '',
      form: new URLSearchParams(await readBody(req)),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      version: req.headers['stripe-version'] as string | undefined,
    };
    calls.push(call);
    if (call.path === '/v1/checkout/sessions') sessions += 1;
    const answer = (await override?.(call)) ?? usualAnswer(call.path, sessions);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_stand_in' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const config: Partial<AppConfig> = {
    paymentProvider: 'stripe',
    stripeSecretKey: 'sk_test_stand_in',
    stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: `http://127.0.0.1:${port}`,
  };
  return {
    calls,
    config,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

// Only its webhook helpers are used: signing needs no key.
const stripe = new Stripe('sk_test_unused');

/** The `stripe-signature` header Stripe would send with `payload`, made by the library the app checks it with. */
export const stripeSignature = (payload: string, secret = STRIPE_WEBHOOK_SECRET) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret });

/** An inject request delivering a signed Stripe event of `type` about `object` to the app's webhook. */
export function signedStripeEvent(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Math.random()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return {
    method: 'POST' as const,
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
    payload,
  };
}
