/**
 * Who may call every /api route, one line per route. The matrix test reads the route table of the built app and
 * fails when a route has no line here (or a line names a route that no longer exists), so a new route cannot ship
 * without saying who may call it.
 *
 * The six callers: a visitor without a session, trainer A calling on A's own records, trainer B calling on A's
 * records, a trainer whose instalment lapsed past the grace period (resources paused) calling on their own records,
 * an admin calling on A's records, and a staff member (read-only admin area, decision record 0016) calling on A's
 * records. 'ok' means the call got past every access check: a 2xx answer, or one of the business answers the line
 * lists with `.or(...)` (e.g. 409 when an admin's second cancel finds it done). 'reads' (staff's, on the admin area
 * and trainers' records): 'ok' for a read (GET), 403 for any write.
 */

import { randomUUID } from 'node:crypto';

export const ROLES = ['signedOut', 'trainerA', 'trainerB', 'lapsed', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = 'ok' | 401 | 403 | 404 | 'reads';

/** What a caller's rule means for this method: staff's 'reads' is 'ok' for a read and 403 for a write. */
export const outcomeFor = (outcome: Outcome, method: string): Exclude<Outcome, 'reads'> =>
  outcome === 'reads' ? (method === 'GET' || method === 'HEAD' ? 'ok' : 403) : outcome;

/** The records a call is about: trainer A's, or the lapsed trainer's own. */
export interface Subject {
  trainerId: number;
  email: string;
  classId: number;
  /** A document waiting for this trainer's signature. */
  openDocumentId: number;
  openDocumentHash: string;
  /** The trainer's legal name: the only name their signature may type. */
  name: string;
  signedDocumentId: number;
  questionId: number;
  /** A replacement request the trainer made (decision record 0017). */
  replacementRequestId: number;
}

export interface Fixtures {
  resourceId: number;
  categoryId: number;
  articleId: number;
  paymentId: number;
  checkoutId: string;
  otherAdminEmail: string;
  /** Staff the admin's removal acts on (not the staff caller). */
  spareStaffEmail: string;
  /** The brand's logo file as uploaded in the setup. */
  logoFile: string;
  /** A certified trainer the admin's certification actions (suspend, revoke...) act on, so A stays listed. */
  certifiedTrainerId: number;
  cancelToken: string;
  pictureFile: string;
  disclosure: { version: number; sha256: string };
  pdf: Buffer;
  picture: Buffer;
  /** A fresh e-mail address for calls that create an account or a registration. */
  uniqueEmail: (label: string) => string;
  /** The admin Calendar's records: see the matrix's setup for which is which. */
  calendar: {
    sessionId: number;
    spareSessionId: number;
    attendanceSessionId: number;
    openSlotId: number;
    spareSlotId: number;
    moveSlotId: number;
    bookingId: number;
    eventId: number;
    feedToken: string;
  };
  /** An item (in the starter kit), trainer A's starter kit shipment, and trainer B's request waiting for review. */
  inventory: { itemId: number; shipmentId: number; requestId: number };
}

export interface CallSpec {
  payload?: unknown;
  headers?: Record<string, string>;
}

export class RouteRule {
  constructor(
    readonly outcomes: Record<Role, Outcome>,
    /** Statuses besides 2xx that still mean 'ok' (business answers, not access refusals). */
    readonly alsoOk: number[] = [],
    readonly body?: (f: Fixtures, s: Subject) => CallSpec,
    /** The call ends the session it is made with (logout): each caller gets a fresh one. */
    readonly endsSession = false,
  ) {}

  /** Extra statuses an allowed caller may get. */
  or(...statuses: number[]) {
    return new RouteRule(this.outcomes, [...this.alsoOk, ...statuses], this.body, this.endsSession);
  }
  /** The JSON body (or a raw body with headers) every caller sends. */
  send(body: (f: Fixtures, s: Subject) => unknown) {
    return new RouteRule(this.outcomes, this.alsoOk, (f, s) => ({ payload: body(f, s) }), this.endsSession);
  }
  sendRaw(call: (f: Fixtures, s: Subject) => CallSpec) {
    return new RouteRule(this.outcomes, this.alsoOk, call, this.endsSession);
  }
  /** This caller gets something else than the helper says. */
  except(role: Role, outcome: Outcome) {
    return new RouteRule({ ...this.outcomes, [role]: outcome }, this.alsoOk, this.body, this.endsSession);
  }
  freshSession() {
    return new RouteRule(this.outcomes, this.alsoOk, this.body, true);
  }
  /** The lapsed trainer calls on their own records (own* rules) rather than on trainer A's. */
  get lapsedOnOwnRecords() {
    return this.outcomes.lapsed === 'ok' && this.outcomes.trainerB !== 'ok';
  }
}

const rule = (
  signedOut: Outcome,
  trainerA: Outcome,
  trainerB: Outcome,
  lapsed: Outcome,
  admin: Outcome,
  staff: Outcome,
) => new RouteRule({ signedOut, trainerA, trainerB, lapsed, admin, staff });

/** Anyone, signed in or not. */
export const everyone = () => rule('ok', 'ok', 'ok', 'ok', 'ok', 'ok');
/** Any signed-in person. */
export const signedIn = () => rule(401, 'ok', 'ok', 'ok', 'ok', 'ok');
/**
 * A trainer's own records (and admins; staff read them); another trainer is refused. A lapsed trainer still
 * reaches their own.
 */
export const own = (other: Outcome = 403) => rule(401, 'ok', other, 'ok', 'ok', 'reads');
/** Portal resources: any trainer, paused for a trainer whose instalment lapsed. */
export const ownResources = () => rule(401, 'ok', 'ok', 403, 'ok', 'reads');
/** The admin area: admins; staff read it and change nothing. */
export const adminOnly = () => rule(401, 403, 403, 403, 'ok', 'reads');
/** A trainer's own tools (class calendar, profile form): neither an admin nor staff who are not trainers. */
const trainersOnly = () => signedIn().except('admin', 403).except('staff', 403);

const classBody = () => ({
  title: 'Street Safety Basics',
  date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
  startTime: '18:00',
  location: 'YMCA, Tulsa, OK',
  timeZone: 'America/Chicago',
});
const reason = () => ({ reason: 'Checked with the trainer by phone' });
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const sessionBody = () => ({
  date: inAMonth(),
  startTime: '09:00',
  endTime: '17:00',
  timeZone: 'America/Chicago',
  location: 'Soul Punch HQ, Tulsa, OK',
  capacity: 12,
});
const calendarRecord = (pattern: string, f: Fixtures): number | undefined => {
  const c = f.calendar;
  if (pattern === '/api/admin/calendar/sessions/:id/cancel') return c.spareSessionId;
  if (pattern.startsWith('/api/admin/calendar/sessions/:id/attendance')) return c.attendanceSessionId;
  if (pattern.startsWith('/api/admin/calendar/sessions/') || pattern.startsWith('/api/calendar/sessions/'))
    return c.sessionId;
  if (pattern === '/api/admin/calendar/slots/:id') return c.spareSlotId;
  if (pattern.startsWith('/api/calendar/slots/')) return c.openSlotId;
  if (pattern.startsWith('/api/calendar/bookings/')) return c.bookingId;
  if (pattern.startsWith('/api/admin/calendar/events/')) return c.eventId;
  return undefined;
};
const templateDraft = () => ({
  title: 'Non-Disclosure Agreement',
  description: 'How you keep the curriculum and the community confidential.',
  body: `SOUL PUNCH NON-DISCLOSURE AGREEMENT (VERSION 3)\n\n${'The curriculum, lesson plans and videos stay confidential. '.repeat(8)}`,
});
const adminEdit = (s: Subject) => ({
  name: 'Avery Stone',
  email: s.email,
  phone: null,
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
const enrolmentDetails = (f: Fixtures) => ({
  fullName: 'Quinn Visitor',
  email: f.uniqueEmail('enrol'),
  phone: '918-555-0100',
  city: 'Tulsa',
  state: 'OK',
  agreeTerms: true,
  plan: 'full',
});
const multipartPng = (f: Fixtures): CallSpec => {
  const boundary = '----soulpunchmatrix';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), f.picture, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const multipartPdf = (f: Fixtures): CallSpec => {
  const boundary = '----soulpunchmatrix';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="policy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), f.pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const insurancePolicy = () => ({
  provider: 'Next Insurance',
  policyNumber: 'NXT-2041-77',
  expiresOn: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10),
});

const inventoryItem = () => ({ kind: 'equipment', name: 'Focus mitts', sku: 'MITT-01', reorderThreshold: 2 });
const note = () => ({ note: 'Checked the photo with the trainer' });

export const ROUTE_RULES: Record<string, RouteRule> = {
  'GET /api/health': everyone(),
  // The OpenAPI description and its reference page describe the API, never anything stored: anyone may read them.
  'GET /api/openapi.json': everyone(),
  'GET /api/reference/': everyone(),
  'GET /api/reference/static/index.html': everyone(),
  'GET /api/reference/static/swagger-initializer.js': everyone(),
  'GET /api/reference/static/*': everyone(),
  'GET /api/reference/json': everyone(),
  'GET /api/reference/yaml': everyone(),
  // Sign-in: a link for a known address; a made-up token is a 400 for anyone.
  'POST /api/auth/magic-link': everyone().send((f) => ({ email: f.otherAdminEmail })),
  'POST /api/auth/verify': everyone()
    .or(400)
    .send(() => ({ token: 'a'.repeat(43) })),
  'GET /api/auth/session': everyone(),
  'POST /api/auth/logout': everyone().freshSession(),
  // Trainers (admin list, own record).
  'GET /api/trainers': adminOnly(),
  'GET /api/trainers/export': adminOnly(),
  'GET /api/trainers/by-email/:email': own(),
  'GET /api/trainers/:id/full': own(),
  // The admin edit (the payment-confirmation form of this URL is in the attack tests): admins only, even for A.
  'PUT /api/trainers/:id': adminOnly().send((_f, s) => adminEdit(s)),
  'GET /api/trainers/:id/changes': adminOnly(),
  'GET /api/dashboard/stats': adminOnly(),
  'POST /api/admin/trainers': adminOnly().send((f) => ({
    name: 'New Trainer',
    email: f.uniqueEmail('added'),
  })),
  'GET /api/admin/administrators': adminOnly(),
  'POST /api/admin/administrators': adminOnly().send((f) => ({ email: f.uniqueEmail('admin') })),
  'DELETE /api/admin/administrators/:email': adminOnly(),
  // Settings (issue 27): the staff role and the roles' history, the brand, the integrations' state.
  'GET /api/admin/staff': adminOnly(),
  'POST /api/admin/staff': adminOnly().send((f) => ({ email: f.uniqueEmail('staff') })),
  'DELETE /api/admin/staff/:email': adminOnly(),
  'GET /api/admin/role-changes': adminOnly(),
  // Each person's own choices: staff choose theirs too (their own e-mail, not a change to the admin area).
  'GET /api/notification-preferences': signedIn(),
  'PUT /api/notification-preferences': signedIn().send(() => ({})),
  'GET /api/branding': everyone(),
  // The admin's logo upload below replaces this file: a later spelling may find it gone.
  'GET /api/branding/:file': everyone().or(404),
  'GET /api/admin/branding': adminOnly(),
  'PUT /api/admin/branding': adminOnly().send(() => ({
    name: 'Soul Punch',
    primaryColor: '#1971c2',
    supportEmail: 'support@soulpunch.example',
    postalAddress: null,
  })),
  'POST /api/admin/branding/logo': adminOnly().sendRaw(multipartPng),
  'DELETE /api/admin/branding/logo': adminOnly(),
  'GET /api/admin/integrations': adminOnly(),
  'POST /api/admin/integrations/mail/test': adminOnly(),
  // The portal: checklist, resources (paused for the lapsed trainer; admins have no visits to record).
  'GET /api/trainers/:id/onboarding': own(),
  'PUT /api/trainers/:id/onboarding/:step': own().send(() => ({ completed: true })),
  'GET /api/resources': ownResources(),
  'POST /api/resources/:id/visits': ownResources().except('admin', 403),
  // Profiles and pictures.
  'GET /api/trainer-profile/:trainerId': own(),
  'POST /api/trainer-profile/:trainerId': own().send(() => ({ bio: 'Teaching since 2019.' })),
  'POST /api/trainer-profile/:trainerId/picture': own().sendRaw(multipartPng),
  'DELETE /api/trainer-profile/:trainerId/picture': own(),
  'POST /api/trainer-profile/:trainerId/email-change': own().send((f) => ({
    email: f.uniqueEmail('email-change'),
  })),
  'DELETE /api/trainer-profile/:trainerId/email-change': own(),
  'POST /api/email-change/confirm': everyone()
    .or(400)
    .send(() => ({ token: 'a'.repeat(43) })),
  'GET /api/pictures/:file': everyone(),
  // The public directory and classes.
  'GET /api/public-trainers': everyone(),
  'GET /api/public-trainers/states': everyone(),
  'GET /api/public-trainers/markers': everyone(),
  'GET /api/public-trainers/map-tiles': everyone(),
  'GET /api/public-trainers/:id': everyone(),
  'GET /api/classes': everyone(),
  'GET /api/classes/:id': everyone(),
  'POST /api/classes/:id/registrations': everyone().send((f) => ({
    name: 'Sam Walker',
    email: f.uniqueEmail('reg'),
  })),
  // The first caller cancels the registration; the rest find it already cancelled.
  'POST /api/registrations/cancel': everyone()
    .or(400)
    .send((f) => ({ token: f.cancelToken })),
  // Anyone holding the link may ask what its registration is now (cancelled, once the first caller has cancelled).
  'POST /api/registrations/cancel-link': everyone().send((f) => ({ token: f.cancelToken })),
  // A review link: anyone holding one; a made-up token is a 400 for anyone.
  'POST /api/reviews/link': everyone()
    .or(400)
    .send(() => ({ token: 'a'.repeat(43) })),
  'POST /api/reviews': everyone()
    .or(400)
    .send(() => ({ token: 'a'.repeat(43), stars: 5 })),
  // A trainer's reviews and the ones they feature (no review of that number: 404 past the access check).
  'GET /api/trainers/:id/reviews': own(),
  'PUT /api/trainers/:id/reviews/:reviewId/featured': own()
    .or(404)
    .send(() => ({ featured: true })),
  'GET /api/admin/reviews': adminOnly(),
  'POST /api/admin/reviews/:id/hide': adminOnly().or(404).send(reason),
  'POST /api/admin/reviews/:id/unhide': adminOnly().or(404).send(reason),
  'GET /api/calendar/classes.ics': everyone(),
  'GET /api/calendar/trainers/:id.ics': everyone(),
  'GET /api/calendar/classes/:id.ics': everyone(),
  // The trainer's calendar (admins, who are not trainers here, have no legacy calendar).
  'GET /api/trainers/:id/classes': own(),
  'POST /api/trainers/:id/classes': own().send(classBody),
  // The zone of a class's place: trainers only (an admin has no class calendar of their own).
  'GET /api/classes/time-zone': trainersOnly(),
  'POST /api/trainers/:id/classes/payment-link': own().send(() => ({ previousLink: null })),
  'PUT /api/classes/:id': own().send(classBody),
  'POST /api/classes/:id/cancel': own().or(409),
  'GET /api/classes/:id/registrations': own(),
  'GET /api/trainer-profile': trainersOnly(),
  'POST /api/trainer-profile': trainersOnly().send(() => ({ upcomingClasses: [] })),
  // Enrolment: held by the enrolment cookie, which none of these callers has (404: no enrolment in progress).
  'POST /api/enrolments': everyone().send(enrolmentDetails),
  'GET /api/enrolments/current': everyone().or(404),
  'POST /api/enrolments/current/checkout': everyone()
    .or(404)
    .send(() => ({})),
  'POST /api/enrolments/current/verify-email': everyone()
    .or(404)
    .send(() => ({ code: '123456' })),
  'POST /api/enrolments/current/confirm': everyone()
    .or(404)
    .send((f) => ({ fullName: 'Quinn Visitor', email: f.uniqueEmail('confirm'), phone: '918-555-0100' })),
  // Onboarding is triggered by the paid trainer (or their enrolment cookie, or an admin); A has not paid here.
  'POST /api/trainers/:id/trigger-onboarding': own().or(409),
  // The provider's webhook: anyone may post, only a valid signature counts.
  'POST /api/payments/webhook': everyone()
    .or(400)
    .send(() => ({ id: 'evt_matrix', type: 'invoice.paid' })),
  'GET /api/payments/provider': everyone(),
  'GET /api/trainers/:id/payments': own(),
  'POST /api/trainers/:id/payments/offline': adminOnly().send(() => ({
    method: 'cash',
    amountCents: 100,
    requestId: randomUUID(),
    ...reason(),
  })),
  'POST /api/trainers/:id/enrolment-link': adminOnly().or(409),
  // The trainer pays for their own enrolment; an admin records an offline payment instead.
  'POST /api/trainers/:id/enrolment/checkout': own()
    .except('admin', 403)
    .or(409)
    .send(() => ({ plan: 'full', agreeTerms: true })),
  'POST /api/trainers/:id/payments/:paymentId/refund': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/payments/:paymentId/waive': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/payment-plan/pause': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/payment-plan/resume': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/certification/reinstate': adminOnly().or(409).send(reason),
  // The certification record (decision record 0014): read by its trainer and admins, changed by admins with a
  // reason (409 when the record's state refuses the action); the trainer renews their own from the portal.
  'GET /api/trainers/:id/certification-record': own(),
  'POST /api/trainers/:id/certification-record/issue': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/certification-record/renew': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/certification-record/suspend': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/certification-record/reinstate': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/certification-record/revoke': adminOnly().or(409).send(reason),
  'POST /api/trainers/:id/certification-record/renewal': own().except('admin', 403).or(409),
  'POST /api/trainers/:id/certification-record/renewal/checkout': own().except('admin', 403).or(409),
  'GET /api/admin/certification-settings': adminOnly(),
  'PUT /api/admin/certification-settings': adminOnly().send(() => ({ renewalRequires: ['refresher'] })),
  // Insurance: the trainer (or an admin) files the policy and its certificate; an admin accepts it.
  'GET /api/trainers/:id/insurance': own(),
  'PUT /api/trainers/:id/insurance': own().send(insurancePolicy),
  'POST /api/trainers/:id/insurance/certificate': own().or(409).sendRaw(multipartPdf),
  'GET /api/trainers/:id/insurance/certificate': own().or(404),
  'POST /api/trainers/:id/insurance/accept': adminOnly().or(409).send(reason),
  // Proof of certification (decision record 0015): the certificate PDF and the credential for the trainer and
  // admins (409 when the certificate is not valid today); the verify page's look-up, the credential's status, the
  // issuer and its keys for anyone (404: no such certificate or key).
  'GET /api/trainers/:id/certificate.pdf': own().or(409),
  'GET /api/trainers/:id/certificate.jwt': own().or(409),
  'GET /api/certificates/:number': everyone().or(404),
  'GET /api/credentials/status/:number': everyone().or(404),
  'GET /api/credentials/issuer': everyone(),
  'GET /api/credentials/keys/:thumbprint': everyone().or(404),
  'GET /api/payment-events': adminOnly(),
  'POST /api/payment-events/:eventId/replay': adminOnly().or(404),
  // The test provider's hosted checkout: public (the first caller pays; the rest find it paid).
  'GET /api/test-provider/checkouts/:checkoutId': everyone(),
  'POST /api/test-provider/checkouts/:checkoutId/pay': everyone()
    .or(409)
    .send(() => ({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
      name: 'Quinn Visitor',
    })),
  'POST /api/test-provider/instalments/bill-now': adminOnly()
    .or(409)
    .send((_f, s) => ({ trainerId: s.trainerId })),
  // Documents: the signer signs (not even an admin for them); admins run the campaign and the schedule.
  'GET /api/documents': adminOnly(),
  'POST /api/documents/refresh': adminOnly(),
  'POST /api/documents/audit/verify': adminOnly(),
  'GET /api/documents/:id': own(),
  'POST /api/documents/:id/check-status': adminOnly(),
  'POST /api/documents/:id/send-reminder': adminOnly(),
  'POST /api/documents/:id/resend': adminOnly().or(409),
  'GET /api/documents/:id/audit': adminOnly(),
  'POST /api/documents/:id/sign': own()
    .except('admin', 403)
    .send((_f, s) => ({
      templateHash: s.openDocumentHash,
      agreed: true,
      fullName: s.name,
    })),
  'GET /api/documents/:id/pdf': own(),
  'GET /api/trainers/:id/documents': own(),
  'GET /api/trainers/:id/standing': own(),
  'GET /api/document-templates': adminOnly(),
  'POST /api/document-templates/:type/preview': adminOnly().send(templateDraft),
  'POST /api/document-templates/:type/versions': adminOnly().send(templateDraft),
  'GET /api/document-templates/:type/campaign': adminOnly(),
  'GET /api/esign-consent': signedIn(),
  'POST /api/esign-consent': signedIn().send((f) => ({
    disclosureVersion: f.disclosure.version,
    disclosureSha256: f.disclosure.sha256,
  })),
  'DELETE /api/esign-consent': signedIn(),
  // Anyone may check a signed PDF or a certificate's QR code.
  'POST /api/verify': everyone().sendRaw((f) => ({
    payload: f.pdf,
    headers: { 'content-type': 'application/pdf' },
  })),
  'GET /api/verify/:id': everyone(),
  // The assistant: any trainer (a lapsed one too, without resource articles) and admins; feedback on one's own
  // question only (someone else's is not found, for admins too).
  'POST /api/chatbot': signedIn().send(() => ({ question: 'How do I add my Stripe payment link?' })),
  'POST /api/chatbot/:questionId/feedback': own(404)
    .except('admin', 404)
    .except('staff', 404)
    .send(() => ({ helpful: true })),
  'GET /api/admin/knowledge/articles': adminOnly(),
  'POST /api/admin/knowledge/articles': adminOnly().send(() => ({
    title: 'Renewing insurance',
    body: 'Renew your liability insurance before it expires.',
    audience: 'trainer',
  })),
  'GET /api/admin/knowledge/articles/:id': adminOnly(),
  'PUT /api/admin/knowledge/articles/:id': adminOnly().send(() => ({
    title: 'Renewing insurance',
    body: 'Renew your liability insurance a month before it expires.',
    audience: 'trainer',
  })),
  'POST /api/admin/knowledge/articles/:id/publish': adminOnly(),
  'POST /api/admin/knowledge/articles/:id/retire': adminOnly(),
  'GET /api/admin/assistant/questions': adminOnly(),
  'POST /api/admin/assistant/questions/:id/draft-article': adminOnly(),
  'GET /api/admin/resources': adminOnly(),
  'POST /api/admin/resources': adminOnly().send((f) => ({
    name: 'Pad drills',
    url: 'https://example.com/pads',
    categoryId: f.categoryId,
  })),
  'PUT /api/admin/resources/:id': adminOnly().send((f) => ({
    name: 'Pad drills',
    url: 'https://example.com/pads',
    categoryId: f.categoryId,
  })),
  'DELETE /api/admin/resources/:id': adminOnly(),
  // The admin Calendar: admins keep it; trainers register, book, and move or cancel their own booking (an admin
  // may too); a feed is read by its secret address alone.
  'GET /api/admin/calendar': adminOnly(),
  'POST /api/admin/calendar/sessions': adminOnly().send(sessionBody),
  'GET /api/admin/calendar/sessions/:id': adminOnly(),
  'PUT /api/admin/calendar/sessions/:id': adminOnly().send(sessionBody),
  'POST /api/admin/calendar/sessions/:id/cancel': adminOnly(),
  'PUT /api/admin/calendar/sessions/:id/attendance/:trainerId': adminOnly().send(() => ({ attended: true })),
  'POST /api/admin/calendar/slots': adminOnly().send(() => ({
    date: inAMonth(),
    startTime: '10:00',
    timeZone: 'America/Chicago',
    minutes: 30,
    count: 2,
  })),
  'DELETE /api/admin/calendar/slots/:id': adminOnly(),
  'POST /api/admin/calendar/events': adminOnly().send(() => ({
    ...sessionBody(),
    capacity: undefined,
    title: 'Meetup',
  })),
  'DELETE /api/admin/calendar/events/:id': adminOnly(),
  'GET /api/admin/calendar/feed': adminOnly(),
  'POST /api/admin/calendar/feed': adminOnly(),
  'DELETE /api/admin/calendar/feed': adminOnly(),
  'GET /api/calendar/admin/:token.ics': everyone(),
  'GET /api/trainer-calendar': trainersOnly(),
  'POST /api/calendar/sessions/:id/registration': trainersOnly(),
  'DELETE /api/calendar/sessions/:id/registration': trainersOnly(),
  // The first trainer books the open slot; the next find it taken.
  'POST /api/calendar/slots/:id/booking': trainersOnly().or(409),
  // Trainer A's booking: A moves it, then the admin's move to the same slot changes nothing (400).
  'POST /api/calendar/bookings/:id/move': own()
    .except('lapsed', 403)
    .or(400)
    .send((f) => ({ slotId: f.calendar.moveSlotId })),
  'POST /api/calendar/bookings/:id/cancel': own().except('lapsed', 403).or(409),
  // Inventory and shipping (decision record 0017): admins keep the shelf, the kit and the shipments; a trainer sees
  // their own shipments and asks for replacements (an admin may, for them); an admin decides each request once.
  'GET /api/admin/inventory': adminOnly(),
  'POST /api/admin/inventory/items': adminOnly().send(() => ({
    ...inventoryItem(),
    sku: 'PAD-01',
    stock: 5,
  })),
  'PUT /api/admin/inventory/items/:id': adminOnly().send(inventoryItem),
  'POST /api/admin/inventory/items/:id/adjustments': adminOnly().send(() => ({ change: 5, ...reason() })),
  'GET /api/admin/inventory/items/:id/movements': adminOnly(),
  'GET /api/admin/inventory/starter-kit': adminOnly(),
  'PUT /api/admin/inventory/starter-kit': adminOnly().send((f) => ({
    items: [{ itemId: f.inventory.itemId, quantity: 1 }],
  })),
  'GET /api/admin/shipments': adminOnly(),
  // Shipped once; delivered once it has shipped (409 before, whichever the matrix calls first).
  'POST /api/admin/shipments/:id/ship': adminOnly()
    .or(409)
    .send(() => ({ carrier: 'usps', trackingNumber: '9400 1000 0000 0000 0000 00' })),
  'POST /api/admin/shipments/:id/deliver': adminOnly().or(409),
  'GET /api/admin/replacement-requests': adminOnly(),
  'POST /api/admin/replacement-requests/:id/approve': adminOnly().or(409).send(note),
  'POST /api/admin/replacement-requests/:id/decline': adminOnly().or(409).send(note),
  'GET /api/trainers/:id/shipments': own(),
  'GET /api/trainers/:id/replacement-requests': own(),
  'POST /api/trainers/:id/replacement-requests': own().send((f) => ({
    itemId: f.inventory.itemId,
    quantity: 1,
    reason: 'The strap tore during a class.',
  })),
  'POST /api/trainers/:id/replacement-requests/:requestId/photo': own().sendRaw(multipartPng),
  // No photo until the upload above has run: 404 past the access check.
  'GET /api/trainers/:id/replacement-requests/:requestId/photo': own().or(404),
  // Insights and the accounting report, with their CSV files.
  'GET /api/admin/insights': adminOnly(),
  'GET /api/admin/insights/:chart.csv': adminOnly(),
  'GET /api/admin/accounting': adminOnly(),
  'GET /api/admin/accounting/months.csv': adminOnly(),
  'GET /api/admin/accounting/years.csv': adminOnly(),
  // Development only, and only to this machine (the tests' requests come from 127.0.0.1).
  'GET /api/dev/mailbox': everyone(),
  // Development only, never test: not there for anyone here.
  'POST /api/dev/clock': everyone()
    .or(404)
    .send(() => ({ runJobs: [] })),
};

/** The matrix checks who gets past the access rules: a review that does not exist is a 404 after them. */
const NO_SUCH_REVIEW = 2_000_000_000;

/** The concrete URL of a route for a caller: each :param names a record of the subject or of the fixtures. */
export function urlFor(route: string, f: Fixtures, s: Subject): string {
  const [, pattern = ''] = route.split(' ');
  const value = (name: string): string | number => {
    if (name === 'trainerId') return s.trainerId;
    if (name === 'email') {
      if (pattern.includes('administrators')) return f.otherAdminEmail;
      return pattern.includes('/admin/staff/') ? f.spareStaffEmail : s.email;
    }
    if (name === 'questionId') return s.questionId;
    if (name === 'paymentId') return f.paymentId;
    if (name === 'checkoutId') return f.checkoutId;
    if (name === 'eventId') return 'evt_not_received';
    if (name === 'reviewId') return NO_SUCH_REVIEW;
    // A community step: a material step is refused (400) to a trainer who has not paid, whoever asks.
    if (name === 'step') return 'whatsapp_access';
    if (name === 'type') return 'nda';
    if (name === 'file') return pattern.startsWith('/api/branding/') ? f.logoFile : f.pictureFile;
    if (name === 'token') return f.calendar.feedToken;
    if (name === 'number') return 'SP-0000-0000-0000-0000';
    if (name === 'thumbprint') return 'no-such-key';
    if (name === 'requestId') return s.replacementRequestId;
    if (name === 'chart') return 'revenue';
    const calendar = calendarRecord(pattern, f);
    if (calendar !== undefined) return calendar;
    // :id
    if (/^\/api\/trainers\/:id\/certification-record\/(?!renewal)/.test(pattern)) return f.certifiedTrainerId;
    if (pattern.startsWith('/api/trainers/') || pattern.startsWith('/api/public-trainers/'))
      return s.trainerId;
    if (pattern.startsWith('/api/calendar/trainers/')) return s.trainerId;
    if (pattern.startsWith('/api/classes/') || pattern.startsWith('/api/calendar/classes/')) return s.classId;
    if (pattern === '/api/documents/:id/pdf' || pattern === '/api/verify/:id') return s.signedDocumentId;
    if (pattern.startsWith('/api/documents/')) return s.openDocumentId;
    if (pattern.startsWith('/api/admin/knowledge/articles/')) return f.articleId;
    if (pattern.startsWith('/api/admin/reviews/')) return NO_SUCH_REVIEW;
    if (pattern.startsWith('/api/admin/assistant/questions/')) return s.questionId;
    if (pattern.startsWith('/api/admin/resources/') || pattern.startsWith('/api/resources/'))
      return f.resourceId;
    if (pattern.startsWith('/api/admin/inventory/items/')) return f.inventory.itemId;
    if (pattern.startsWith('/api/admin/shipments/')) return f.inventory.shipmentId;
    if (pattern.startsWith('/api/admin/replacement-requests/')) return f.inventory.requestId;
    throw new Error(`No record for :${name} in ${route}: say which in urlFor`);
  };
  return pattern
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(value(name))))
    .replace(/\/static\/\*$/, '/static/swagger-ui-bundle.js');
}
