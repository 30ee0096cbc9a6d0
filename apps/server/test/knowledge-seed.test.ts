import { type Article, type ChatAnswer, SCHEDULE_DEFAULTS } from '@soulpunch/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/0016-knowledge-seed-body';
import { currentRevision, seedKnowledgeBase } from '../src/modules/assistant/knowledge';
import { buildTestApp, createUser, signIn, type TestApp, withCookie } from './helper';

// The knowledge base states the live values: a seeded article no admin edited follows a changed fact at the next
// start, on databases seeded earlier too; an admin's edit is never overwritten.

const settings = (graceDays: number) => ({
  graceDays,
  expiryDays: SCHEDULE_DEFAULTS.documentExpiryDays,
  firstReminderDays: SCHEDULE_DEFAULTS.documentFirstReminderDays,
  reminderIntervalDays: SCHEDULE_DEFAULTS.documentReminderIntervalDays,
});

let t: TestApp;
let admin: string;
let trainer: string;

beforeAll(async () => {
  t = await buildTestApp({ paymentGraceDays: 7 });
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  admin = await signIn(t.app, 'boss@example.com');
  trainer = await signIn(t.app, 'maria@example.com');
});
afterAll(() => t.close());

async function adminCall<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject(withCookie(admin, { method, url, payload }));
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const bySlug = async (slug: string) =>
  (await adminCall<Article[]>('GET', '/api/admin/knowledge/articles')).find(
    (a) => a.slug === slug,
  ) as Article;

describe('seeded articles follow the live values', () => {
  it('adopts the articles of a database seeded before the seed body was kept, but not edited ones', async () => {
    const renewal = await bySlug('faq-renewal');
    await adminCall('PUT', `/api/admin/knowledge/articles/${renewal.id}`, {
      title: renewal.title,
      body: `${renewal.body}\n\nAsk your admin.`,
      sourceUrl: renewal.sourceUrl ?? '',
      audience: renewal.audience,
    });
    const db = t.app.db as unknown as Kysely<unknown>;
    // The database as it was before migration 0016, then the migration on it.
    await down(db);
    await up(db);
    await seedKnowledgeBase(t.app.db, settings(9));
    expect((await bySlug('faq-program-payments')).body).toContain('You have 9 days of grace to pay.');
    expect((await bySlug('faq-renewal')).body).toContain('Ask your admin.');
  });

  it('re-renders an unedited article at start, keeps an edited one, and the assistant answers the new value', async () => {
    const payments = await bySlug('faq-program-payments');
    expect(payments.body).toContain('You have 9 days of grace to pay.');
    // An admin edits one seeded article and retires another (a status change, not an edit of its text).
    const documents = await bySlug('faq-documents');
    const edited = await adminCall<Article>('PUT', `/api/admin/knowledge/articles/${documents.id}`, {
      title: documents.title,
      body: `${documents.body}\n\nAsk your admin.`,
      sourceUrl: documents.sourceUrl ?? '',
      audience: documents.audience,
    });
    const program = await bySlug('certification-program');
    await adminCall('POST', `/api/admin/knowledge/articles/${program.id}/retire`);
    const revision = await currentRevision(t.app.db);

    // The next start with a longer grace (the same path as a new plan price: the rendered text differs).
    await seedKnowledgeBase(t.app.db, settings(10));

    const after = await bySlug('faq-program-payments');
    expect(after.body).toContain('You have 10 days of grace to pay.');
    expect(after.body).not.toContain('9 days of grace');
    expect((await bySlug('faq-documents')).body).toBe(edited.body);
    expect((await bySlug('certification-program')).status).toBe('retired');
    expect(await currentRevision(t.app.db)).toBe(revision + 1);

    const answer = (
      await t.app.inject(
        withCookie(trainer, {
          method: 'POST',
          url: '/api/chatbot',
          payload: {
            question: 'How many days of grace do I have to pay a failed instalment?',
            context: 'portal',
          },
        }),
      )
    ).json() as ChatAnswer;
    expect(answer.answer).toContain('10 days');
    expect(answer.answer).not.toContain('9 days');

    // Nothing changed: no rewrite, no new revision.
    await seedKnowledgeBase(t.app.db, settings(10));
    expect(await currentRevision(t.app.db)).toBe(revision + 1);
  });
});
