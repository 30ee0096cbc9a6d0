// Run by scripts/price-change-check.mjs with tsx, in the tree under test: starts the app on a PGlite data
// directory (seeding the knowledge base, as every start does) and writes every text that states a price to a JSON
// file: server-rendered pages, e-mails, legal texts, the assistant's articles and answers.
// Usage: tsx scripts/price-change-probe.ts <data dir> <out.json>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  PLANS,
  PRIVACY_POLICY_PATH,
  planTotalCents,
  privacyPolicy,
  RENEWAL_FEE,
  TERMS_AND_CONDITIONS_PATH,
  TERMS_OF_SERVICE_PATHS,
  termsAndConditions,
  termsOfService,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { EnrolmentRow, PaymentRow } from '../apps/server/src/db/schema-payments';
import { legalToMarkdown } from '../apps/server/src/modules/assistant/seed-articles';
import { FIRST_TEMPLATES } from '../apps/server/src/modules/documents/template-texts';
import * as paymentMails from '../apps/server/src/modules/payments/mail';
import { ensureUser, grantRole } from '../apps/server/src/modules/users/repository';

type Text = { category: 'page' | 'email' | 'legal' | 'assistant'; name: string; text: string };

const [dataDir, out] = process.argv.slice(2);
if (!dataDir || !out) throw new Error('usage: tsx scripts/price-change-probe.ts <data dir> <out.json>');
const APP_URL = 'http://localhost:3000';
const texts: Text[] = [];

/** The questions trainers ask about money (from the assistant's evaluation set) and the plan's length. */
const QUESTIONS = [
  'How much does the certification cost?',
  "what's the total cost if I go with the six month option?",
  'How much is the flex plan per month?',
  'Can I get my money back if I change my mind after starting?',
];

async function signIn(
  app: FastifyInstance,
  email: string,
  roles: Array<'admin' | 'trainer'>,
): Promise<string> {
  const user = await ensureUser(app.db, email, email.split('@')[0] ?? email);
  for (const role of roles) await grantRole(app.db, user.id, role);
  if (
    roles.includes('trainer') &&
    !(await app.db.selectFrom('trainers').select('id').where('userId', '=', user.id).executeTakeFirst())
  ) {
    const trainer = await app.db
      .insertInto('trainers')
      .values({ userId: user.id, name: 'Probe Trainer', email: user.email, city: 'Tulsa', state: 'OK' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('trainerProfiles').values({ trainerId: trainer.id }).execute();
  }
  const link = await app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
  if (link.statusCode !== 202) throw new Error(`magic link for ${email}: ${link.statusCode} ${link.body}`);
  const mail = await app.db
    .selectFrom('outboxMessages')
    .select('textBody')
    .where('toAddress', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = mail.textBody.match(/\/auth\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1];
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
  const cookie = verified.cookies.find((c) => c.name === 'sp_session');
  if (!cookie) throw new Error(`no session for ${email}: ${verified.statusCode} ${verified.body}`);
  return `sp_session=${cookie.value}`;
}

async function main(dir: string, file: string) {
  mkdirSync(dir, { recursive: true });
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'off' },
    { dataDir: dir, appUrl: APP_URL, sessionSecret: 'price-change-check-secret-0123456789abcdef' },
  );
  const app = await buildApp(config, { database: { kind: 'pglite', dataDir: dir }, logger: false });
  await app.ready();
  try {
    // Server-rendered pages: the visitor landing (its marketing text) and the legal pages.
    for (const url of [
      '/public',
      TERMS_AND_CONDITIONS_PATH,
      TERMS_OF_SERVICE_PATHS.public,
      PRIVACY_POLICY_PATH,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      // An unbuilt tree serves no pages; the check then misses this tree's page texts and says so.
      if (res.statusCode !== 200) console.warn(`GET ${url}: ${res.statusCode} (is the web app built?)`);
      else texts.push({ category: 'page', name: `GET ${url}`, text: res.body });
    }

    // E-mails about payments, with the amounts the enrolment takes from the plans.
    const enrolment = (plan: 'full' | 'flex') =>
      ({
        publicId: 'probe',
        fullName: 'Probe Trainer',
        email: 'probe@example.com',
        plan,
        amountCents: PLANS[plan].amountCents,
        totalCents: planTotalCents(plan),
      }) as EnrolmentRow;
    const row = { instalment: 2, amountCents: PLANS.flex.amountCents, dueOn: '2027-01-05' } as PaymentRow;
    const mails = [
      paymentMails.receiptEmail(enrolment('full'), new Date()),
      paymentMails.receiptEmail(enrolment('flex'), new Date()),
      paymentMails.instalmentPaidEmail(enrolment('flex'), row),
      paymentMails.failedInstalmentEmail(enrolment('flex'), row, `${APP_URL}/pay`, 7),
      // The admin area's notices (e-mailed at once or gathered in the daily digest).
      paymentMails.pastDueNotice(enrolment('flex'), row, APP_URL),
      paymentMails.newEnrolmentNotice(enrolment('full'), APP_URL),
      paymentMails.newEnrolmentNotice(enrolment('flex'), APP_URL),
      paymentMails.renewalReceiptEmail(
        {
          ...enrolment('full'),
          plan: null,
          amountCents: RENEWAL_FEE.amountCents,
          totalCents: RENEWAL_FEE.amountCents,
        },
        new Date(),
      ),
    ];
    for (const m of mails) texts.push({ category: 'email', name: m.subject, text: JSON.stringify(m) });

    // Legal texts: the site's pages and the documents every trainer signs.
    for (const doc of [termsAndConditions, termsOfService, privacyPolicy])
      texts.push({ category: 'legal', name: doc.title, text: legalToMarkdown(doc) });
    for (const [type, template] of Object.entries(FIRST_TEMPLATES))
      texts.push({ category: 'legal', name: `document template ${type}`, text: template.body });

    // The assistant: every article as an admin lists it, and its answers to a trainer's money questions.
    const admin = await signIn(app, 'probe-admin@example.com', ['admin']);
    const trainer = await signIn(app, 'probe-trainer@example.com', ['trainer']);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/knowledge/articles',
      headers: { cookie: admin },
    });
    for (const a of list.json() as Array<{ slug: string; body: string }>)
      texts.push({ category: 'assistant', name: `article ${a.slug}`, text: a.body });
    for (const question of QUESTIONS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/chatbot',
        headers: { cookie: trainer, origin: APP_URL },
        payload: { question, context: 'Soul Punch trainer platform' },
      });
      if (res.statusCode !== 200)
        throw new Error(`assistant on "${question}": ${res.statusCode} ${res.body}`);
      texts.push({ category: 'assistant', name: `answer to "${question}"`, text: res.json().answer });
    }
  } finally {
    await app.close();
  }
  writeFileSync(file, JSON.stringify(texts, null, 1));
}

await main(path.resolve(dataDir), path.resolve(out));
