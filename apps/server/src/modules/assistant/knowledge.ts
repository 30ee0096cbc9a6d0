import type { Article, ArticleAudience, ArticleInput, ArticleStatus } from '@soulpunch/shared';
import { assistantMessages } from '@soulpunch/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { KnowledgeArticlesTable } from '../../db/schema-assistant';
import type { Trx } from '../../db/types';
import { AppError, notFound } from '../../lib/app-error';
import {
  bumpRevision,
  findArticleRow,
  insertArticle,
  insertSeedArticles,
  listArticleRows,
  lockKnowledgeSeed,
  publishedArticleRows,
  readRevision,
  rerenderSeedArticle,
  resourceArticleRows,
  resourceIdsWithoutArticle,
  resourcesForArticles,
  retireArticlesOfResource,
  seedArticleBodies,
  slugsLike,
  uneditedSeedArticles,
  updateArticleRow,
} from './knowledge-repository';
import { type SeedSettings, seedArticles } from './seed-articles';

/** The knowledge base's articles: admin edits, the seed, and the articles written from portal resources. */

type ArticleRow = Selectable<KnowledgeArticlesTable>;

export const ARTICLE_NOT_FOUND = 'No such article.';

export const currentRevision = readRevision;

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
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = await slugsLike(db, base);
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

export async function listArticles(
  db: Db,
  filters: { status?: ArticleStatus; audience?: ArticleAudience; q?: string },
): Promise<Article[]> {
  return (await listArticleRows(db, filters)).map(toArticle);
}

export async function getArticle(db: Db, id: number): Promise<Article> {
  const row = await findArticleRow(db, id);
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return toArticle(row);
}

export async function createDraftArticle(
  trx: Trx,
  input: ArticleInput,
  userId: number | null,
  now: Date,
): Promise<Article> {
  const id = await insertArticle(trx, {
    slug: await freeSlug(trx, slugify(input.title)),
    title: input.title,
    body: input.body,
    sourceUrl: input.sourceUrl || null,
    audience: input.audience,
    status: 'draft',
    createdAt: now,
    updatedAt: now,
    updatedBy: userId,
  });
  await bumpRevision(trx);
  return getArticle(trx, id);
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
    await updateArticleRow(trx, id, {
      title: input.title,
      body: input.body,
      sourceUrl: input.sourceUrl || null,
      audience: input.audience,
      updatedAt: now,
      updatedBy: userId,
    });
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
    await updateArticleRow(trx, id, {
      status,
      updatedAt: now,
      updatedBy: userId,
      ...(status === 'published' ? { publishedAt: now } : {}),
    });
    await bumpRevision(trx);
    return getArticle(trx, id);
  });
}

/** What the index reads: every published article. */
export const publishedArticles = publishedArticleRows;

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

/**
 * Writes (or rewrites) the article of each given resource, in the caller's transaction: a retired resource retires
 * its article. The revision is bumped only when something changed.
 */
export async function syncResourceArticles(
  trx: Trx,
  resourceIds: number[] | 'all',
  userId: number | null,
  now: Date,
): Promise<void> {
  const resources: ResourceForArticle[] = await resourcesForArticles(
    trx,
    resourceIds === 'all' ? undefined : resourceIds,
  );
  const existing = await resourceArticleRows(trx);
  const byResource = new Map(existing.map((a) => [a.resourceId, a]));
  let changed = false;
  for (const r of resources) {
    const title = r.name;
    const body = resourceArticleBody(r);
    const article = byResource.get(r.id);
    if (!article) {
      await insertArticle(trx, {
        slug: await freeSlug(trx, `resource-${slugify(r.name)}`),
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
      });
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
      await updateArticleRow(trx, article.id, {
        title,
        body,
        sourceUrl: r.url,
        status,
        updatedAt: now,
        updatedBy: userId,
        ...(status === 'published' && article.status !== 'published' ? { publishedAt: now } : {}),
      });
      changed = true;
    }
  }
  if (changed) await bumpRevision(trx);
}

/** Retires the article of a resource that is being deleted (the foreign key then lets go of it). */
export async function retireResourceArticle(trx: Trx, resourceId: number, now: Date): Promise<void> {
  await retireArticlesOfResource(trx, resourceId, now);
  await bumpRevision(trx);
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
  // Most starts find everything in place: read first, so they write nothing (on the embedded database a write
  // transaction costs the start a WAL flush, and the insert of every seed article is a large query to build).
  if (await seedIsInPlace(db, seeds)) return;
  await db.transaction().execute(async (trx) => {
    await lockKnowledgeSeed(trx);
    const inserted = await insertSeedArticles(
      trx,
      seeds.map((a) => ({
        ...a,
        status: 'published' as const,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
        seedBody: a.body,
      })),
    );
    const bodyOf = new Map(seeds.map((a) => [a.slug, a.body]));
    let rerendered = 0;
    for (const row of await uneditedSeedArticles(trx, [...bodyOf.keys()])) {
      if (await rerenderSeedArticle(trx, row.id, bodyOf.get(row.slug) ?? '', now)) rerendered++;
    }
    if (inserted || rerendered) await bumpRevision(trx);
    const missing = await resourceIdsWithoutArticle(trx);
    if (missing.length) await syncResourceArticles(trx, missing, null, now);
  });
}

/** Every seed article is there, each one no admin edited has the seed's current text, every resource has one. */
async function seedIsInPlace(db: Db, seeds: Array<{ slug: string; body: string }>): Promise<boolean> {
  const stored = new Map(
    (
      await seedArticleBodies(
        db,
        seeds.map((a) => a.slug),
      )
    ).map((row) => [row.slug, row]),
  );
  const current = seeds.every((seed) => {
    const row = stored.get(seed.slug);
    return row !== undefined && (row.body !== row.seedBody || row.body === seed.body);
  });
  return current && (await resourceIdsWithoutArticle(db)).length === 0;
}
