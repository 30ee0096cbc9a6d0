import {
  type Article,
  ASSISTANT_LIMITS,
  type AskedQuestion,
  assistantMessages,
  type ChatAnswer,
} from '@soulpunch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelevant } from '../src/modules/assistant/answer';
import { KnowledgeBase } from '../src/modules/assistant/service';
import { buildTestApp, createUser, signIn, type TestApp, withCookie } from './helper';

let t: TestApp;
let maria: string;
let devon: string;
let admin: string;
let noRole: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  await createUser(t.app, 'devon@example.com', ['trainer'], 'Devon Price');
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'nobody@example.com', [], 'No Role');
  maria = await signIn(t.app, 'maria@example.com');
  devon = await signIn(t.app, 'devon@example.com');
  admin = await signIn(t.app, 'boss@example.com');
  noRole = await signIn(t.app, 'nobody@example.com');
});
afterAll(() => t.close());

const ask = (cookie: string, question: string, headers: Record<string, string> = {}) =>
  t.app.inject(
    withCookie(cookie, {
      method: 'POST',
      url: '/api/chatbot',
      payload: { question, context: 'Soul Punch trainer platform' },
      headers,
    }),
  );

async function adminCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject(withCookie(admin, { method, url, payload }));
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Reads a Server-Sent Events body into its events, as a browser's parser would. */
function parseSse(body: string): Array<{ event: string; data: unknown }> {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

const slugsOf = async (answer: ChatAnswer) => {
  const articles = await adminCall<Article[]>('GET', '/api/admin/knowledge/articles');
  return answer.sources.map((s) => articles.find((a) => a.id === s.articleId)?.slug);
};

describe('POST /api/chatbot', () => {
  it('answers a trainer from the seeded material, quoting and citing it, and keeps the question', async () => {
    const res = await ask(maria, 'What NAICS code do I use when I apply for my EIN?');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as ChatAnswer;
    expect(answer.answered).toBe(true);
    expect(answer.answer).toContain('61143');
    expect(await slugsOf(answer)).toContain('faq-ein-and-business-setup');
    expect(answer.sources[0]?.url).toMatch(/^https:\/\/|^\//);

    const row = await t.app.db
      .selectFrom('assistantQuestions')
      .selectAll()
      .where('id', '=', answer.questionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ answered: true, mode: 'offline', helpful: null, answer: answer.answer });
    expect(row.question).toBe('What NAICS code do I use when I apply for my EIN?');
  });

  it('says plainly when nothing relevant is found, pointing to support', async () => {
    const answer = (await ask(maria, 'How many calories are in a banana?')).json() as ChatAnswer;
    expect(answer).toMatchObject({ answered: false, answer: assistantMessages.notFound, sources: [] });
  });

  it('adds the pointer to the official material under a use-of-force question', async () => {
    const answer = (
      await ask(maria, 'A student asked how much force they are legally allowed to use. What do I say?')
    ).json() as ChatAnswer;
    expect(answer.answered).toBe(true);
    expect(await slugsOf(answer)).toContain('use-of-force-and-legal-questions');
    expect(answer.answer).toContain(assistantMessages.legalPointer);
  });

  it('streams sources, deltas and done as Server-Sent Events, uncompressed', async () => {
    const res = await ask(maria, 'Where do I add my Stripe payment link?', {
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['sources', 'delta', 'done']);
    const [sourcesEvent, deltaEvent, doneEvent] = events.map((e) => e.data);
    const sources = sourcesEvent as { questionId: number; sources: unknown[] };
    const done = doneEvent as ChatAnswer;
    expect(sources.questionId).toBe(done.questionId);
    expect(sources.sources).toEqual(done.sources);
    expect((deltaEvent as { text: string }).text).toBe(done.answer);
    expect(done.answer).toContain('Business tab');
  });

  it('refuses a visitor (401), a user who is neither trainer nor admin (403), and bad bodies (400)', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot',
      payload: { question: 'EIN?' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await ask(noRole, 'What is an EIN?')).statusCode).toBe(403);

    const blank = await ask(maria, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(assistantMessages.blank);
    const long = await ask(maria, 'x'.repeat(ASSISTANT_LIMITS.questionMaxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(assistantMessages.tooLong);
    const extra = await t.app.inject(
      withCookie(maria, { method: 'POST', url: '/api/chatbot', payload: { context: 'x' } }),
    );
    expect(extra.statusCode).toBe(400);
  });

  it('limits questions per person per minute (429 with the message and Retry-After), others unaffected', async () => {
    await createUser(t.app, 'busy@example.com', ['trainer'], 'Busy Trainer');
    const busy = await signIn(t.app, 'busy@example.com');
    for (let i = 0; i < ASSISTANT_LIMITS.questionsPerMinute; i++) {
      expect((await ask(busy, `How do I get insurance? ${i}`)).statusCode).toBe(200);
    }
    const limited = await ask(busy, 'How do I get insurance?');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', message: assistantMessages.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(devon, 'How do I get insurance?')).statusCode).toBe(200);
  });
});

describe('a trainer whose resources are paused', () => {
  it("gets no resource's article (their links) until the instalment is paid", async () => {
    const { trainerId } = await createUser(t.app, 'paused@example.com', ['trainer'], 'Paused Trainer');
    const paused = await signIn(t.app, 'paused@example.com');
    const question = 'Is there a WhatsApp group for trainers?';
    expect(await slugsOf((await ask(paused, question)).json())).toContain('resource-whatsapp-community');

    await t.app.db
      .updateTable('trainers')
      .set({ accessPausedAt: new Date() })
      .where('id', '=', trainerId as number)
      .execute();
    const answer = (await ask(paused, question)).json() as ChatAnswer;
    const articles = await adminCall<Article[]>('GET', '/api/admin/knowledge/articles');
    const resourceArticleIds = new Set(articles.filter((a) => a.resourceId !== null).map((a) => a.id));
    expect(answer.sources.some((s) => resourceArticleIds.has(s.articleId))).toBe(false);
    expect(answer.answer).not.toContain('/whatsapp');
  });
});

describe('POST /api/chatbot/:questionId/feedback', () => {
  it("keeps the asker's thumbs; anyone else gets 404, bad input 400, a visitor 401", async () => {
    const answer = (await ask(maria, 'How do I sign my trainer agreement?')).json() as ChatAnswer;
    const url = `/api/chatbot/${answer.questionId}/feedback`;
    const post = (cookie: string, payload: object) =>
      t.app.inject(withCookie(cookie, { method: 'POST', url, payload }));

    expect((await t.app.inject({ method: 'POST', url, payload: { helpful: true } })).statusCode).toBe(401);
    expect((await post(devon, { helpful: false })).statusCode).toBe(404);
    expect((await post(admin, { helpful: false })).statusCode).toBe(404);
    expect((await post(maria, { helpful: 'yes' })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject(
          withCookie(maria, { method: 'POST', url: '/api/chatbot/abc/feedback', payload: { helpful: true } }),
        )
      ).statusCode,
    ).toBe(400);
    expect((await post(maria, { helpful: true })).statusCode).toBe(204);
    expect((await post(maria, { helpful: false })).statusCode).toBe(204);
    const row = await t.app.db
      .selectFrom('assistantQuestions')
      .select('helpful')
      .where('id', '=', answer.questionId)
      .executeTakeFirstOrThrow();
    expect(row.helpful).toBe(false);
  });
});

describe('admin: the knowledge base', () => {
  it('lists the seeded articles with filters', async () => {
    const all = await adminCall<Article[]>('GET', '/api/admin/knowledge/articles');
    expect(all.map((a) => a.slug)).toEqual(
      expect.arrayContaining(['certification-program', 'terms-and-conditions', 'faq-documents', 'support']),
    );
    expect(all.filter((a) => a.resourceId !== null).length).toBeGreaterThanOrEqual(20);
    const publicOnes = await adminCall<Article[]>('GET', '/api/admin/knowledge/articles?audience=public');
    expect(publicOnes.length).toBeGreaterThan(0);
    expect(publicOnes.every((a) => a.audience === 'public')).toBe(true);
    const found = await adminCall<Article[]>('GET', '/api/admin/knowledge/articles?q=NAICS&status=published');
    expect(found.map((a) => a.slug)).toContain('faq-ein-and-business-setup');
    const bad = await t.app.inject(
      withCookie(admin, { method: 'GET', url: '/api/admin/knowledge/articles?status=gone' }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('creates a draft the assistant ignores until published; an edit is used by the next answer; retire removes it', async () => {
    const question = 'What is the dress code for the kettlebell gala?';
    const draft = await adminCall<Article>('POST', '/api/admin/knowledge/articles', {
      title: 'Kettlebell gala dress code',
      body: '## Dress code\n\nAt the kettlebell gala trainers wear the black Soul Punch polo and dark trousers.',
      sourceUrl: '',
      audience: 'trainer',
    });
    expect(draft).toMatchObject({
      status: 'draft',
      slug: 'kettlebell-gala-dress-code',
      updatedByName: 'Bea Boss',
    });
    expect(((await ask(devon, question)).json() as ChatAnswer).answered).toBe(false);

    await adminCall('POST', `/api/admin/knowledge/articles/${draft.id}/publish`);
    const first = (await ask(devon, question)).json() as ChatAnswer;
    expect(first.answered).toBe(true);
    expect(first.answer).toContain('black Soul Punch polo');
    expect(first.sources[0]).toEqual({
      articleId: draft.id,
      title: 'Kettlebell gala dress code',
      url: '/support',
    });

    const edited = await adminCall<Article>('PUT', `/api/admin/knowledge/articles/${draft.id}`, {
      title: 'Kettlebell gala dress code',
      body: '## Dress code\n\nAt the kettlebell gala trainers wear the red Soul Punch hoodie and jeans.',
      sourceUrl: 'https://trainers.soulpunch.example/gala',
      audience: 'trainer',
    });
    expect(edited.status).toBe('published');
    const second = (await ask(devon, question)).json() as ChatAnswer;
    expect(second.answer).toContain('red Soul Punch hoodie');
    expect(second.answer).not.toContain('black Soul Punch polo');
    expect(second.sources[0]?.url).toBe('https://trainers.soulpunch.example/gala');

    await adminCall('POST', `/api/admin/knowledge/articles/${draft.id}/retire`);
    const third = (await ask(devon, question)).json() as ChatAnswer;
    expect(third.answered).toBe(false);
  });

  it('never lets an admin-audience article reach a trainer, while an admin reads it', async () => {
    const question = 'How do I turn an unanswered question into a draft article?';
    const trainerAnswer = (await ask(maria, question)).json() as ChatAnswer;
    expect(await slugsOf(trainerAnswer)).not.toContain('admin-knowledge-base-guide');
    const adminAnswer = (await ask(admin, question)).json() as ChatAnswer;
    expect(await slugsOf(adminAnswer)).toContain('admin-knowledge-base-guide');
  });

  it('validates input (400) and answers 404 for an unknown article', async () => {
    const bad = await t.app.inject(
      withCookie(admin, {
        method: 'POST',
        url: '/api/admin/knowledge/articles',
        payload: { title: '', body: 'x', audience: 'everyone', sourceUrl: 'javascript:alert(1)' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/admin/knowledge/articles/999999'],
      ['POST', '/api/admin/knowledge/articles/999999/publish'],
      ['POST', '/api/admin/knowledge/articles/999999/retire'],
    ] as const) {
      expect((await t.app.inject(withCookie(admin, { method, url }))).statusCode, url).toBe(404);
    }
    const put = await t.app.inject(
      withCookie(admin, {
        method: 'PUT',
        url: '/api/admin/knowledge/articles/999999',
        payload: { title: 'T', body: 'B', audience: 'trainer' },
      }),
    );
    expect(put.statusCode).toBe(404);
  });

  it('an edit made through one instance is seen by another instance on the same database', async () => {
    const other = new KnowledgeBase(t.app.db);
    const before = await other.retrieve('zebra crossing drill', 'trainer');
    expect(isRelevant(before.result)).toBe(false);
    const article = await adminCall<Article>('POST', '/api/admin/knowledge/articles', {
      title: 'Zebra crossing drill',
      body: 'The zebra crossing drill practises awareness when crossing the street at night.',
      audience: 'trainer',
    });
    await adminCall('POST', `/api/admin/knowledge/articles/${article.id}/publish`);
    const after = await other.retrieve('zebra crossing drill', 'trainer');
    expect(isRelevant(after.result)).toBe(true);
    expect(after.result.hits[0]?.passage.articleId).toBe(article.id);
  });
});

describe('admin: asked questions', () => {
  it('declines a low-confidence question and lists it as unanswered; a paraphrase cites the right article (issue 23)', async () => {
    const low = await ask(devon, 'Can I teach kids under 12?');
    expect(low.statusCode).toBe(200);
    const declined = low.json() as ChatAnswer;
    expect(declined).toMatchObject({ answered: false, answer: assistantMessages.notFound, sources: [] });
    const row = await t.app.db
      .selectFrom('assistantQuestions')
      .select(['answered', 'answer', 'sources'])
      .where('id', '=', declined.questionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ answered: false, answer: assistantMessages.notFound });

    const paid = (
      await ask(devon, 'How do I get paid by the people who attend my classes?')
    ).json() as ChatAnswer;
    expect(paid.answered).toBe(true);
    expect((await slugsOf(paid))[0]).toBe('faq-class-payments');
    expect(paid.answer).toContain('Stripe or PayPal');

    const unanswered = await adminCall<AskedQuestion[]>(
      'GET',
      '/api/admin/assistant/questions?filter=unanswered',
    );
    expect(unanswered.find((q) => q.id === declined.questionId)).toMatchObject({
      question: 'Can I teach kids under 12?',
      trainerName: 'Devon Price',
      answered: false,
      sources: [],
    });
    expect(unanswered.map((q) => q.id)).not.toContain(paid.questionId);
  });

  it('lists recent and unanswered questions and turns one into a draft article (once)', async () => {
    const declined = (
      await ask(devon, 'Can I bring my pet iguana to the trampoline park?')
    ).json() as ChatAnswer;
    expect(declined.answered).toBe(false);
    const recent = await adminCall<AskedQuestion[]>('GET', '/api/admin/assistant/questions?filter=recent');
    expect(recent[0]).toMatchObject({
      id: declined.questionId,
      trainerName: 'Devon Price',
      answered: false,
      mode: 'offline',
    });
    const unanswered = await adminCall<AskedQuestion[]>(
      'GET',
      '/api/admin/assistant/questions?filter=unanswered',
    );
    expect(unanswered.every((q) => !q.answered || q.helpful === false)).toBe(true);
    expect(unanswered.map((q) => q.id)).toContain(declined.questionId);
    const badFilter = await t.app.inject(
      withCookie(admin, { method: 'GET', url: '/api/admin/assistant/questions?filter=all' }),
    );
    expect(badFilter.statusCode).toBe(400);

    const draft = await adminCall<Article>(
      'POST',
      `/api/admin/assistant/questions/${declined.questionId}/draft-article`,
    );
    expect(draft).toMatchObject({
      status: 'draft',
      audience: 'trainer',
      title: 'Can I bring my pet iguana to the trampoline park?',
    });
    expect(draft.body).toContain('Can I bring my pet iguana to the trampoline park?');
    const again = await adminCall<Article>(
      'POST',
      `/api/admin/assistant/questions/${declined.questionId}/draft-article`,
    );
    expect(again.id).toBe(draft.id);
    const missing = await t.app.inject(
      withCookie(admin, { method: 'POST', url: '/api/admin/assistant/questions/999999/draft-article' }),
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('admin: the resources catalogue', () => {
  interface AdminResourceList {
    categories: Array<{ id: number; name: string }>;
    resources: Array<{
      id: number;
      name: string;
      url: string;
      categoryId: number | null;
      retiredAt: string | null;
    }>;
  }

  it('edits a resource and the assistant knows the new text at once; it cannot be edited as an article', async () => {
    const list = await adminCall<AdminResourceList>('GET', '/api/admin/resources');
    const canva = list.resources.find((r) => r.name === 'Canva Pro Access');
    if (!canva) throw new Error('seeded resource missing');
    await adminCall('PUT', `/api/admin/resources/${canva.id}`, {
      name: 'Canva Pro Access',
      description: 'Design flyers with the brand templates; ask for the team invitation code CANVA-2026.',
      badge: 'Pro',
      url: 'https://www.canva.com/brand/soulpunch',
      kind: 'resource',
      categoryId: canva.categoryId,
      order: 2,
    });
    const answer = (await ask(maria, 'Where can I get Canva templates for my flyers?')).json() as ChatAnswer;
    expect(answer.answer).toContain('CANVA-2026');
    expect(answer.sources.map((s) => s.url)).toContain('https://www.canva.com/brand/soulpunch');

    const article = (await adminCall<Article[]>('GET', '/api/admin/knowledge/articles')).find(
      (a) => a.resourceId === canva.id,
    );
    const put = await t.app.inject(
      withCookie(admin, {
        method: 'PUT',
        url: `/api/admin/knowledge/articles/${article?.id}`,
        payload: { title: 'x', body: 'y', audience: 'trainer' },
      }),
    );
    expect(put.statusCode).toBe(409);
    expect(put.json().error.message).toBe(assistantMessages.resourceManaged);
  });

  it('creates, then deletes an unopened resource, and retires an opened one (its visit is kept)', async () => {
    const { categories } = await adminCall<AdminResourceList>('GET', '/api/admin/resources');
    const categoryId = categories[0]?.id as number;
    const created = await adminCall<{ id: number }>('POST', '/api/admin/resources', {
      name: 'Pepper Spray Guide',
      description: 'Which pepper spray brands the curriculum recommends for students.',
      url: 'https://trainers.soulpunch.example/pepper-spray',
      categoryId,
      order: 9,
    });
    expect(
      ((await ask(maria, 'Which pepper spray brands do we recommend?')).json() as ChatAnswer).answered,
    ).toBe(true);

    const maria2 = await t.app.db
      .selectFrom('trainers')
      .select('id')
      .where('email', '=', 'maria@example.com')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('trainerResourceVisits')
      .values({ trainerId: maria2.id, resourceId: created.id })
      .execute();
    expect(await adminCall('DELETE', `/api/admin/resources/${created.id}`)).toEqual({ outcome: 'retired' });
    expect(
      ((await ask(maria, 'Which pepper spray brands do we recommend?')).json() as ChatAnswer).answered,
    ).toBe(false);
    const portal = await t.app.inject(withCookie(maria, { method: 'GET', url: '/api/resources' }));
    expect(JSON.stringify(portal.json())).not.toContain('Pepper Spray Guide');
    const visits = await t.app.db
      .selectFrom('trainerResourceVisits')
      .selectAll()
      .where('resourceId', '=', created.id)
      .execute();
    expect(visits).toHaveLength(1);

    const unopened = await adminCall<{ id: number }>('POST', '/api/admin/resources', {
      name: 'Temporary Flyer',
      url: 'https://trainers.soulpunch.example/flyer',
      categoryId,
    });
    expect(await adminCall('DELETE', `/api/admin/resources/${unopened.id}`)).toEqual({ outcome: 'deleted' });
    expect(
      (
        await t.app.inject(
          withCookie(admin, { method: 'DELETE', url: `/api/admin/resources/${unopened.id}` }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('validates resources (400) and refuses trainers (403)', async () => {
    const bad = await t.app.inject(
      withCookie(admin, {
        method: 'POST',
        url: '/api/admin/resources',
        payload: { name: 'x', url: 'not a link', categoryId: null, kind: 'resource' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    const unknownCategory = await t.app.inject(
      withCookie(admin, {
        method: 'POST',
        url: '/api/admin/resources',
        payload: { name: 'x', url: 'https://example.com', categoryId: 99999 },
      }),
    );
    expect(unknownCategory.statusCode).toBe(400);
    const trainer = await t.app.inject(withCookie(maria, { method: 'GET', url: '/api/admin/resources' }));
    expect(trainer.statusCode).toBe(403);
  });
});
