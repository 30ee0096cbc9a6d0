import {
  type Brand,
  type BrandingAnswer,
  type BrandingUpdate,
  DEFAULT_BRAND,
  type SessionUser,
} from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/app-error';
import type { Freshness, PublicCache } from '../directory/public-cache';
import { LOGO_FILE, logoUrlFor, processLogo } from './logo';
import { findBrandingRow, lockBrandingRow, upsertBrandingRow } from './repository';

type BrandingRow = NonNullable<Awaited<ReturnType<typeof findBrandingRow>>>;

const brandOf = (row: BrandingRow | undefined): Brand =>
  row
    ? {
        name: row.name,
        primaryColor: row.primaryColor,
        supportEmail: row.supportEmail,
        postalAddress: row.postalAddress,
        logoUrl: row.logoKey ? logoUrlFor(row.logoKey) : null,
      }
    : DEFAULT_BRAND;

/** The brand as every page and e-mail shows it: the saved one, else the defaults. */
export async function loadBrand(db: Db): Promise<Brand> {
  return brandOf(await findBrandingRow(db));
}

/** The administrators' view: the brand, the defaults it started from, and who changed it last. */
export async function getBrandingAnswer(db: Db): Promise<BrandingAnswer> {
  const row = await findBrandingRow(db);
  return {
    brand: brandOf(row),
    defaults: DEFAULT_BRAND,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy:
      row?.updatedByName && row.updatedByEmail
        ? { name: row.updatedByName, email: row.updatedByEmail }
        : null,
  };
}

type Admin = Pick<SessionUser, 'id'>;
type BrandFields = Omit<Brand, 'logoUrl'>;

/**
 * Writes the brand (the row's change is announced on the public pages' channel, so every instance's cached pages
 * take it) and returns the logo file it replaced, removed once the change has committed.
 */
async function writeBrand(
  deps: AppDeps,
  admin: Admin,
  change: (
    current: BrandFields & { logoKey: string | null },
  ) => Partial<BrandFields & { logoKey: string | null }>,
): Promise<string | null> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockBrandingRow(trx);
    const current = {
      name: row?.name ?? DEFAULT_BRAND.name,
      primaryColor: row?.primaryColor ?? DEFAULT_BRAND.primaryColor,
      supportEmail: row?.supportEmail ?? DEFAULT_BRAND.supportEmail,
      postalAddress: row?.postalAddress ?? DEFAULT_BRAND.postalAddress,
      logoKey: row?.logoKey ?? null,
    };
    const next = { ...current, ...change(current) };
    await upsertBrandingRow(trx, { ...next, updatedAt: deps.clock.now(), updatedBy: admin.id });
    return current.logoKey !== next.logoKey ? current.logoKey : null;
  });
}

export async function saveBranding(
  deps: AppDeps,
  input: BrandingUpdate,
  admin: Admin,
): Promise<BrandingAnswer> {
  await writeBrand(deps, admin, () => ({
    name: input.name,
    primaryColor: input.primaryColor,
    supportEmail: input.supportEmail,
    postalAddress: input.postalAddress ?? null,
  }));
  return getBrandingAnswer(deps.db);
}

/** A new logo (checked and re-encoded) or none (the built-in mark); the file it replaces is removed. */
export async function replaceLogo(
  deps: AppDeps,
  bytes: Buffer | null,
  admin: Admin,
): Promise<BrandingAnswer> {
  const logo = bytes ? await processLogo(bytes, deps.clock.now()) : null;
  if (logo) await deps.storage.put(logo.key, logo.data);
  const replaced = await writeBrand(deps, admin, () => ({ logoKey: logo?.key ?? null }));
  // After commit: a failed removal leaves an unused file, never a brand pointing at a missing one.
  if (replaced) await deps.storage.delete(replaced).catch(() => undefined);
  return getBrandingAnswer(deps.db);
}

/** The logo's bytes, for anyone (pages and e-mails show it). */
export async function readLogo(deps: AppDeps, file: string): Promise<Buffer> {
  const data = LOGO_FILE.test(file) ? await deps.storage.get(`branding/${file}`) : undefined;
  if (!data) throw notFound('No such logo.');
  return data;
}

/** The brand's key among the public answers: pages and GET /api/branding read the same kept copy. */
export const BRAND_CACHE_KEY = 'brand';
/** The brand is rebuilt only when the branding changes. */
export const BRAND_READS = ['branding'];

/**
 * The brand from the public answers' cache (decision record 0012): read by every page the server sends, so it costs
 * no query; a change is announced by the database and shows within 2 s on every instance.
 */
export async function cachedBrand(cache: PublicCache, db: Db, freshness?: Freshness): Promise<Brand> {
  const answer = await cache.get(
    BRAND_CACHE_KEY,
    async () => ({ body: await loadBrand(db), reads: BRAND_READS }),
    freshness,
  );
  return JSON.parse(answer.plain.toString('utf8')) as Brand;
}
