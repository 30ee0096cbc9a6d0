import type { Article, ArticleAudience, ArticleInput, ArticleStatus } from '@soulpunch/shared';
import { assistantMessages } from '@soulpunch/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { KnowledgeArticlesTable } from '../../db/schema-assistant';
import { AppError, notFound } from '../../lib/app-error';
import { type SeedSettings, seedArticles } from './seed-articles';

/** The knowledge base's articles: admin edits, the seed, and the articles written from portal resources. */

type Executor = Db | Transaction<Database>;
type ArticleRow = Selectable<KnowledgeArticlesTable>;

export const ARTICLE_NOT_FOUND = 'No such article.';

/** Every change to the articles bumps this number; each instance rebuilds its index when it sees a new one. */
export async function bumpRevision(db: Executor): Promise<void> {
  await db
    .updateTable('knowledgeRevision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function currentRevision(db: Db): Promise<number> {
  const row = await db
    .selectFrom('knowledgeRevision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'article';
}

/** A slug not yet taken: the title's, then -2, -3... */
async function freeSlug(db: Executor, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('knowledgeArticles')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toArticle(row: ArticleRow & { updatedByName: string | null }): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    sourceUrl: row.sourceUrl,
    audience: row.audience,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    publishedAt: iso(row.publishedAt),
    updatedByName: row.updatedByName,
    resourceId: row.resourceId,
  };
}

const selectArticles = (db: Executor) =>
  db
    .selectFrom('knowledgeArticles as a')
    .leftJoin('users as u', 'u.id', 'a.updatedBy')
    .selectAll('a')
    .select('u.name as updatedByName');

export async function listArticles(
  db: Db,
  filters: { status?: ArticleStatus; audience?: ArticleAudience; q?: string },
): Promise<Article[]> {
  let query = selectArticles(db).orderBy('a.updatedAt', 'desc').orderBy('a.id', 'desc');
  if (filters.status) query = query.where('a.status', '=', filters.status);
  if (filters.audience) query = query.where('a.audience', '=', filters.audience);
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('a.title', 'ilike', pattern),
        eb('a.body', 'ilike', pattern),
        eb('a.slug', 'ilike', pattern),
      ]),
    );
  }
  return (await query.execute()).map(toArticle);
}

export async function getArticle(db: Executor, id: number): Promise<Article> {
  const row = await selectArticles(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return toArticle(row);
}

export async function createDraftArticle(
  db: Executor,
  input: ArticleInput,
  userId: number | null,
  now: Date,
): Promise<Article> {
  const row = await db
    .insertInto('knowledgeArticles')
    .values({
      slug: await freeSlug(db, slugify(input.title)),
      title: input.title,
      body: input.body,
      sourceUrl: input.sourceUrl || null,
      audience: input.audience,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
      updatedBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpRevision(db);
  return getArticle(db, row.id);
}

/** An admin's new article: always a draft until published. */
export async function createArticleInput(db: Db, input: ArticleInput, userId: number | null, now: Date) {
  return db.transaction().execute((trx) => createDraftArticle(trx, input, userId, now));
}

export async function updateArticle(
  db: Db,
  id: number,
  input: ArticleInput,
  userId: number,
  now: Date,
): Promise<Article> {
  return db.transaction().execute(async (trx) => {
    const current = await getArticle(trx, id);
    if (current.resourceId !== null)
      throw new AppError(409, 'resource_article', assistantMessages.resourceManaged);
    await trx
      .updateTable('knowledgeArticles')
      .set({
        title: input.title,
        body: input.body,
        sourceUrl: input.sourceUrl || null,
        audience: input.audience,
        updatedAt: now,
        updatedBy: userId,
      })
      .where('id', '=', id)
      .execute();
    await bumpRevision(trx);
    return getArticle(trx, id);
  });
}

export async function setArticleStatus(
  db: Db,
  id: number,
  status: 'published' | 'retired',
  userId: number,
  now: Date,
): Promise<Article> {
  return db.transaction().execute(async (trx) => {
    await getArticle(trx, id);
    await trx
      .updateTable('knowledgeArticles')
      .set({
        status,
        updatedAt: now,
        updatedBy: userId,
        ...(status === 'published' ? { publishedAt: now } : {}),
      })
      .where('id', '=', id)
      .execute();
    await bumpRevision(trx);
    return getArticle(trx, id);
  });
}

/** What the index reads: every published article. */
export async function publishedArticles(db: Db) {
  return db
    .selectFrom('knowledgeArticles')
    .select(['id', 'slug', 'title', 'body', 'sourceUrl', 'audience', 'resourceId'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
}

// ---- Articles written from the portal's resources catalogue -------------------------------------------------

interface ResourceForArticle {
  id: number;
  kind: 'resource' | 'upcoming_training' | 'training_schedule';
  name: string;
  description: string;
  badge: string | null;
  details: string | null;
  url: string;
  retiredAt: Date | null;
  categoryName: string | null;
  comingSoon: boolean | null;
}

const SECTION_OF_KIND = {
  resource: null,
  upcoming_training: 'Upcoming Training',
  training_schedule: 'Training Schedule',
} as const;

/** The text the assistant knows about one resource: what it is, where it is on the dashboard, and its link. */
export function resourceArticleBody(r: ResourceForArticle): string {
  const section = r.categoryName ?? SECTION_OF_KIND[r.kind] ?? 'Resources';
  const lines = [
    `## ${r.name}`,
    [r.description, r.details].filter(Boolean).join(' '),
    `You find it on your trainer dashboard in the ${section} resources${r.badge ? `, marked ${r.badge}` : ''}${r.comingSoon ? ' (this section is coming soon)' : ''}. Its link: ${r.url}`,
  ];
  return lines.filter(Boolean).join('\n\n');
}

async function resourcesForArticles(db: Executor, ids?: number[]): Promise<ResourceForArticle[]> {
  let query = db
    .selectFrom('resources as r')
    .leftJoin('resourceCategories as c', 'c.id', 'r.categoryId')
    .select([
      'r.id',
      'r.kind',
      'r.name',
      'r.description',
      'r.badge',
      'r.details',
      'r.url',
      'r.retiredAt',
      'c.name as categoryName',
      'c.comingSoon',
    ]);
  if (ids) query = query.where('r.id', 'in', ids);
  return query.execute();
}

/**
 * Writes (or rewrites) the article of each given resource, in the caller's transaction: a retired resource retires
 * its article. The revision is bumped only when something changed.
 */
export async function syncResourceArticles(
  db: Executor,
  resourceIds: number[] | 'all',
  userId: number | null,
  now: Date,
): Promise<void> {
  const resources = await resourcesForArticles(db, resourceIds === 'all' ? undefined : resourceIds);
  const existing = await db
    .selectFrom('knowledgeArticles')
    .select(['id', 'resourceId', 'title', 'body', 'sourceUrl', 'status'])
    .where('resourceId', 'is not', null)
    .execute();
  const byResource = new Map(existing.map((a) => [a.resourceId, a]));
  let changed = false;
  for (const r of resources) {
    const title = r.name;
    const body = resourceArticleBody(r);
    const article = byResource.get(r.id);
    if (!article) {
      await db
        .insertInto('knowledgeArticles')
        .values({
          slug: await freeSlug(db, `resource-${slugify(r.name)}`),
          title,
          body,
          sourceUrl: r.url,
          audience: 'trainer',
          status: r.retiredAt ? 'retired' : 'published',
          resourceId: r.id,
          createdAt: now,
          updatedAt: now,
          publishedAt: r.retiredAt ? null : now,
          updatedBy: userId,
        })
        .execute();
      changed = true;
      continue;
    }
    const status = r.retiredAt ? 'retired' : article.status === 'retired' ? 'published' : article.status;
    if (
      article.title !== title ||
      article.body !== body ||
      article.sourceUrl !== r.url ||
      article.status !== status
    ) {
      await db
        .updateTable('knowledgeArticles')
        .set({
          title,
          body,
          sourceUrl: r.url,
          status,
          updatedAt: now,
          updatedBy: userId,
          ...(status === 'published' && article.status !== 'published' ? { publishedAt: now } : {}),
        })
        .where('id', '=', article.id)
        .execute();
      changed = true;
    }
  }
  if (changed) await bumpRevision(db);
}

/** Retires the article of a resource that is being deleted (the foreign key then lets go of it). */
export async function retireResourceArticle(db: Executor, resourceId: number, now: Date): Promise<void> {
  await db
    .updateTable('knowledgeArticles')
    .set({ status: 'retired', updatedAt: now })
    .where('resourceId', '=', resourceId)
    .execute();
  await bumpRevision(db);
}

/**
 * Runs at every start, on every database (tests and CI included): adds any seed article not there yet (by slug,
 * so an admin's edits stay) and the article of every resource that has none. A seeded article whose body no admin
 * edited is re-rendered when its text changed (a new price, plan length or reminder setting), so the assistant
 * states the live values also on installations seeded earlier. Cheap when nothing changed.
 */
export async function seedKnowledgeBase(
  db: Db,
  settings: SeedSettings,
  now = new Date(),
  seeds = seedArticles(settings),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two instances starting together must not both insert.
    await sql`select pg_advisory_xact_lock(hashtext('knowledge-seed'))`.execute(trx);
    const inserted = await trx
      .insertInto('knowledgeArticles')
      .values(
        seeds.map((a) => ({
          ...a,
          status: 'published' as const,
          createdAt: now,
          updatedAt: now,
          publishedAt: now,
          seedBody: a.body,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('id')
      .execute();
    const stale = await trx
      .selectFrom('knowledgeArticles')
      .select(['id', 'slug'])
      .where(
        'slug',
        'in',
        seeds.map((a) => a.slug),
      )
      .whereRef('body', '=', 'seedBody')
      .execute();
    const bodyOf = new Map(seeds.map((a) => [a.slug, a.body]));
    let rerendered = 0;
    for (const row of stale) {
      const body = bodyOf.get(row.slug) ?? '';
      const result = await trx
        .updateTable('knowledgeArticles')
        .set({ body, seedBody: body, updatedAt: now })
        .where('id', '=', row.id)
        .where('body', '<>', body)
        .executeTakeFirst();
      rerendered += Number(result.numUpdatedRows);
    }
    if (inserted.length || rerendered) await bumpRevision(trx);
    const missing = await trx
      .selectFrom('resources as r')
      .leftJoin('knowledgeArticles as a', 'a.resourceId', 'r.id')
      .select('r.id')
      .where('a.id', 'is', null)
      .execute();
    if (missing.length) {
      await syncResourceArticles(
        trx,
        missing.map((m) => m.id),
        null,
        now,
      );
    }
  });
}
