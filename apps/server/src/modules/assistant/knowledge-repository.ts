import type { ArticleAudience, ArticleStatus } from '@soulpunch/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { KnowledgeArticlesTable } from '../../db/schema-assistant';
import type { Executor, Trx } from '../../db/types';

/** Every change to the articles bumps this number; each instance rebuilds its index when it sees a new one. */
export async function bumpRevision(trx: Trx): Promise<void> {
  await trx
    .updateTable('knowledgeRevision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readRevision(db: Db): Promise<number> {
  const row = await db
    .selectFrom('knowledgeRevision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

/** The slugs taken by `base` and by `base-…`. */
export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('knowledgeArticles')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

const selectArticles = (db: Db) =>
  db
    .selectFrom('knowledgeArticles as a')
    .leftJoin('users as u', 'u.id', 'a.updatedBy')
    .selectAll('a')
    .select('u.name as updatedByName');

/** Articles, newest change first; `q` matches title, body or slug (case-insensitive, as typed). */
export async function listArticleRows(
  db: Db,
  filters: { status?: ArticleStatus; audience?: ArticleAudience; q?: string },
) {
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
  return query.execute();
}

export async function findArticleRow(db: Db, id: number) {
  return selectArticles(db).where('a.id', '=', id).executeTakeFirst();
}

export async function insertArticle(trx: Trx, values: Insertable<KnowledgeArticlesTable>): Promise<number> {
  const row = await trx
    .insertInto('knowledgeArticles')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateArticleRow(
  trx: Trx,
  id: number,
  values: Updateable<KnowledgeArticlesTable>,
): Promise<void> {
  await trx.updateTable('knowledgeArticles').set(values).where('id', '=', id).execute();
}

/** What the index reads: every published article. */
export async function publishedArticleRows(db: Db) {
  return db
    .selectFrom('knowledgeArticles')
    .select(['id', 'slug', 'title', 'body', 'sourceUrl', 'audience', 'resourceId'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
}

/** Portal resources with their category, as their articles describe them (all of them when no ids given). */
export async function resourcesForArticles(db: Db, ids?: number[]) {
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

/** The articles written from resources. */
export async function resourceArticleRows(db: Db) {
  return db
    .selectFrom('knowledgeArticles')
    .select(['id', 'resourceId', 'title', 'body', 'sourceUrl', 'status'])
    .where('resourceId', 'is not', null)
    .execute();
}

export async function retireArticlesOfResource(trx: Trx, resourceId: number, now: Date): Promise<void> {
  await trx
    .updateTable('knowledgeArticles')
    .set({ status: 'retired', updatedAt: now })
    .where('resourceId', '=', resourceId)
    .execute();
}

/** Holds the seed's lock until the transaction ends: two instances starting together must not both insert. */
export async function lockKnowledgeSeed(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('knowledge-seed'))`.execute(trx);
}

/** Inserts the seed articles whose slug is free (an admin's edits stay); returns how many went in. */
export async function insertSeedArticles(
  trx: Trx,
  articles: Array<Omit<Insertable<KnowledgeArticlesTable>, 'id'>>,
): Promise<number> {
  const inserted = await trx
    .insertInto('knowledgeArticles')
    .values(articles)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Seeded articles with these slugs whose body no admin edited (it still equals the seed's body). */
export async function uneditedSeedArticles(trx: Trx, slugs: string[]) {
  return trx
    .selectFrom('knowledgeArticles')
    .select(['id', 'slug'])
    .where('slug', 'in', slugs)
    .whereRef('body', '=', 'seedBody')
    .execute();
}

/** Sets an unedited seed article's body when it differs; returns whether it changed. */
export async function rerenderSeedArticle(trx: Trx, id: number, body: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('knowledgeArticles')
    .set({ body, seedBody: body, updatedAt: now })
    .where('id', '=', id)
    .where('body', '<>', body)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The seed's articles as stored: whether each is there and, when no admin edited it, its body. */
export async function seedArticleBodies(db: Executor, slugs: string[]) {
  return db
    .selectFrom('knowledgeArticles')
    .select(['slug', 'body', 'seedBody'])
    .where('slug', 'in', slugs)
    .execute();
}

/** Resources that have no article yet. */
export async function resourceIdsWithoutArticle(trx: Executor): Promise<number[]> {
  const rows = await trx
    .selectFrom('resources as r')
    .leftJoin('knowledgeArticles as a', 'a.resourceId', 'r.id')
    .select('r.id')
    .where('a.id', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
