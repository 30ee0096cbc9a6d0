import {
  enrolmentCodeSchema,
  enrolmentConfirmedSchema,
  enrolmentConfirmSchema,
  enrolmentCreatedSchema,
  enrolmentLinkSentSchema,
  enrolmentRequestSchema,
  enrolmentViewSchema,
  instalmentBilledSchema,
  offlinePaymentSchema,
  onboardingTriggeredSchema,
  PLAN_KEYS,
  paymentActionSchema,
  paymentEventViewSchema,
  paymentProviderAnswerSchema,
  paymentSummarySchema,
  portalCheckoutAnswerSchema,
  portalCheckoutSchema,
  testCardSchema,
  testCheckoutViewSchema,
  testPaymentResultSchema,
  webhookAnswerSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { ScheduledJob } from '../../lib/scheduler';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentAdmin, currentUser } from '../auth/access';
import { setSessionCookie } from '../auth/routes';
import { trainerIdParams } from '../trainers/routes';
import { applyAdminPaymentAction } from './admin-actions';
import { assertOnboardingCaller } from './onboarding-caller';
import { emailEnrolmentLink, openPortalCheckout } from './portal-enrolment';
import { createStripeProvider, createTestProvider, type PaymentProvider } from './providers';
import {
  confirmEnrolment,
  ENROLMENT_COOKIE,
  ENROLMENT_COOKIE_DAYS,
  enrolmentCookieOptions,
  enrolmentFromCookie,
  expireUnpaidEnrolments,
  getPaymentSummary,
  listPaymentEvents,
  openCheckout,
  pauseLapsedAccess,
  receivePaymentEvent,
  replayPaymentEvent,
  scheduleWaitingSubscriptions,
  startEnrolment,
  toEnrolmentView,
  triggerOnboarding,
  verifyEnrolmentEmail,
} from './service';
import {
  billDueTestInstalments,
  billNextInstalment,
  getTestCheckout,
  openTestCheckout,
  payTestCheckout,
} from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
  }
}

export function createPaymentProvider(deps: AppDeps): PaymentProvider {
  return deps.config.paymentProvider === 'stripe'
    ? createStripeProvider(deps.config)
    : createTestProvider(deps.config, (enrolment) => openTestCheckout(deps.db, enrolment));
}

const paymentIdParams = trainerIdParams.extend({
  paymentId: z.coerce.number().int().positive().max(2_147_483_647),
});

const adminId = (request: FastifyRequest) => currentAdmin(request).id;

const setEnrolmentCookie = (reply: FastifyReply, deps: AppDeps, token: string) =>
  reply.setCookie(ENROLMENT_COOKIE, token, {
    ...enrolmentCookieOptions(deps.config.appUrl),
    maxAge: ENROLMENT_COOKIE_DAYS * 24 * 60 * 60,
  });

export async function paymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const provider = createPaymentProvider(deps);
  app.decorate('paymentProvider', provider);
  registerEnrolmentRoutes(app, deps, provider);
  await registerAfterPaymentRoutes(app, deps, provider);
  registerTrainerPaymentRoutes(app, deps);
  registerPortalEnrolmentRoutes(app, deps, provider);
  registerPaymentEventRoutes(app, deps);
  if (provider.name === 'test') registerTestProviderRoutes(app, deps);
}

/** Public: an enrolment from the form to the checkout and the account, kept in this browser by its cookie. */
function registerEnrolmentRoutes(app: FastifyInstance, deps: AppDeps, provider: PaymentProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/enrolments',
    {
      schema: { body: enrolmentRequestSchema, response: { 201: enrolmentCreatedSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { enrolment, cookieToken } = await startEnrolment(
        deps,
        provider,
        request.body,
        request.ip,
        request.cookies[ENROLMENT_COOKIE],
      );
      setEnrolmentCookie(reply, deps, cookieToken);
      // Until this browser enters the e-mailed code there is no checkout: the page asks for the code.
      const view = toEnrolmentView(enrolment);
      return reply.status(201).send({ enrolment: view, checkoutUrl: view.checkoutUrl });
    },
  );

  r.post(
    '/api/enrolments/current/verify-email',
    {
      schema: { body: enrolmentCodeSchema, response: { 200: enrolmentCreatedSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const enrolment = await enrolmentFromCookie(deps, request.cookies[ENROLMENT_COOKIE]);
      const verified = await verifyEnrolmentEmail(deps, provider, enrolment, request.body.code, request.ip);
      return { enrolment: toEnrolmentView(verified), checkoutUrl: verified.checkoutUrl };
    },
  );

  r.get(
    '/api/enrolments/current',
    { schema: { response: { 200: enrolmentViewSchema } }, config: { access: 'public' } },
    async (request) => toEnrolmentView(await enrolmentFromCookie(deps, request.cookies[ENROLMENT_COOKIE])),
  );

  r.post(
    '/api/enrolments/current/checkout',
    {
      schema: {
        body: z.strictObject({ plan: z.enum(PLAN_KEYS).optional() }),
        response: { 200: enrolmentCreatedSchema },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const enrolment = await enrolmentFromCookie(deps, request.cookies[ENROLMENT_COOKIE]);
      const updated = await openCheckout(deps, provider, enrolment, request.body.plan);
      return { enrolment: toEnrolmentView(updated), checkoutUrl: updated.checkoutUrl };
    },
  );

  r.post(
    '/api/enrolments/current/confirm',
    {
      schema: { body: enrolmentConfirmSchema, response: { 200: enrolmentConfirmedSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const enrolment = await enrolmentFromCookie(deps, request.cookies[ENROLMENT_COOKIE]);
      const { trainerId, sessionToken, expiresAt } = await confirmEnrolment(deps, enrolment, request.body);
      setSessionCookie(reply, deps.config, sessionToken, expiresAt);
      return { trainerId, redirectTo: '/onboarding/documents' };
    },
  );
}

/**
 * Public: what follows a payment: the confirmation page starting onboarding, the provider's webhook, and which
 * provider this server uses.
 */
async function registerAfterPaymentRoutes(app: FastifyInstance, deps: AppDeps, provider: PaymentProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trainers/:id/trigger-onboarding',
    {
      schema: { params: trainerIdParams, response: { 200: onboardingTriggeredSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      await assertOnboardingCaller(deps, request, request.params.id);
      return triggerOnboarding(deps, request.params.id);
    },
  );

  // The one webhook path for every provider; the raw bytes are kept for the signature check.
  await app.register(async (scope) => {
    // Replaces the app's checked JSON parser (plugins/validation.ts) in this scope only.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhook',
      {
        // 500 { received: false }: the provider delivers the event again later.
        schema: { response: { 200: webhookAnswerSchema, 500: webhookAnswerSchema } },
        config: { access: 'public' },
        bodyLimit: 512 * 1024,
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const result = await receivePaymentEvent(
          deps,
          provider,
          raw,
          typeof signature === 'string' ? signature : undefined,
          request.log,
        );
        return reply.status(result.status as 200 | 500).send(result.body);
      },
    );
  });

  r.get(
    '/api/payments/provider',
    { schema: { response: { 200: paymentProviderAnswerSchema } }, config: { access: 'public' } },
    async () => ({ provider: provider.name }),
  );
}

/** A trainer's payments: the summary for them or an admin, and the admin's actions on them. */
function registerTrainerPaymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/:id/payments',
    {
      schema: { params: trainerIdParams, response: { 200: paymentSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getPaymentSummary(deps, request.params.id);
    },
  );

  r.post(
    '/api/trainers/:id/payments/offline',
    {
      schema: {
        params: trainerIdParams,
        body: offlinePaymentSchema,
        response: { 200: paymentSummarySchema },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      applyAdminPaymentAction(deps, request.params.id, adminId(request), {
        kind: 'offline',
        ...request.body,
      }),
  );
  for (const kind of ['refund', 'waive'] as const) {
    r.post(
      `/api/trainers/:id/payments/:paymentId/${kind}`,
      {
        schema: {
          params: paymentIdParams,
          body: paymentActionSchema,
          response: { 200: paymentSummarySchema },
        },
        config: { access: 'admin' },
      },
      async (request) =>
        applyAdminPaymentAction(deps, request.params.id, adminId(request), {
          kind,
          paymentId: request.params.paymentId,
          reason: request.body.reason,
        }),
    );
  }
  for (const [path, kind] of [
    ['payment-plan/pause', 'pause'],
    ['payment-plan/resume', 'resume'],
    ['certification/reinstate', 'reinstate'],
  ] as const) {
    r.post(
      `/api/trainers/:id/${path}`,
      {
        schema: {
          params: trainerIdParams,
          body: paymentActionSchema,
          response: { 200: paymentSummarySchema },
        },
        config: { access: 'admin' },
      },
      async (request) =>
        applyAdminPaymentAction(deps, request.params.id, adminId(request), {
          kind,
          reason: request.body.reason,
        }),
    );
  }
}

/** A trainer an admin added: the admin e-mails the enrolment link; the trainer chooses a plan and pays from the portal. */
function registerPortalEnrolmentRoutes(app: FastifyInstance, deps: AppDeps, provider: PaymentProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trainers/:id/enrolment-link',
    {
      schema: { params: trainerIdParams, response: { 200: enrolmentLinkSentSchema } },
      config: { access: 'admin' },
    },
    async (request) => emailEnrolmentLink(deps, request.params.id, adminId(request)),
  );

  r.post(
    '/api/trainers/:id/enrolment/checkout',
    {
      schema: {
        params: trainerIdParams,
        body: portalCheckoutSchema,
        response: { 200: portalCheckoutAnswerSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      // Only the trainer pays for their own enrolment: an admin records an offline payment instead.
      if (currentUser(request).trainerId !== request.params.id) {
        throw new AppError(403, 'forbidden', 'Only the trainer can pay for their enrolment.');
      }
      return openPortalCheckout(deps, provider, request.params.id, request.body.plan);
    },
  );
}

/** Admin: the provider's events as received, and replaying one. */
function registerPaymentEventRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payment-events',
    { schema: { response: { 200: z.array(paymentEventViewSchema) } }, config: { access: 'admin' } },
    async () => listPaymentEvents(deps),
  );
  r.post(
    '/api/payment-events/:eventId/replay',
    {
      schema: {
        params: z.strictObject({ eventId: z.string().min(1).max(255) }),
        response: { 200: paymentEventViewSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => replayPaymentEvent(deps, request.params.eventId),
  );
}

/** The test provider's checkout page and billing, only when it is the configured provider. */
function registerTestProviderRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const checkoutParams = z.strictObject({ checkoutId: z.string().regex(/^cs_test_[A-Za-z0-9_-]{10,40}$/) });
  r.get(
    '/api/test-provider/checkouts/:checkoutId',
    {
      schema: { params: checkoutParams, response: { 200: testCheckoutViewSchema } },
      config: { access: 'public' },
    },
    async (request) => getTestCheckout(deps, request.params.checkoutId),
  );
  r.post(
    '/api/test-provider/checkouts/:checkoutId/pay',
    {
      schema: { params: checkoutParams, body: testCardSchema, response: { 200: testPaymentResultSchema } },
      config: { access: 'public' },
    },
    async (request) => payTestCheckout(deps, app, request.params.checkoutId, request.body),
  );
  r.post(
    '/api/test-provider/instalments/bill-now',
    {
      schema: {
        body: z.strictObject({ trainerId: z.number().int().positive().max(2_147_483_647) }),
        response: { 200: instalmentBilledSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => billNextInstalment(deps, app, request.body.trainerId),
  );
}

export function paymentJobs(deps: AppDeps, app?: FastifyInstance): ScheduledJob[] {
  const jobs: ScheduledJob[] = [
    {
      name: 'payments:pause-lapsed-access',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => pauseLapsedAccess(deps, now),
    },
    {
      name: 'payments:expire-unpaid-enrolments',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => expireUnpaidEnrolments(deps, now),
    },
  ];
  // A flex schedule the provider did not confirm when the webhook came in: asked for again.
  const provider = createPaymentProvider(deps);
  jobs.push({
    name: 'payments:schedule-instalments',
    everyMs: deps.config.jobsEveryMs,
    run: () => scheduleWaitingSubscriptions(deps, provider, app?.log),
  });
  if (deps.config.paymentProvider === 'test' && app) {
    jobs.push({
      name: 'payments:test-provider-billing',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => billDueTestInstalments(deps, app, now),
    });
  }
  return jobs;
}
