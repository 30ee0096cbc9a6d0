import { publicTrainerQuerySchema } from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { getPublicTrainer, listPublicTrainers } from '../directory/service';

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  /** Absolute URL of the page, and of its image when it has one. */
  url: string;
  image?: string;
}

const SITE = 'Soul Punch';
const DEFAULT_DESCRIPTION =
  'Soul Punch certifies self-defense trainers across the US. Find a certified trainer near you, browse classes and workshops, or become a trainer.';

/** Title, description and Open Graph data for the pages search engines and link previews read. */
export async function pageMetaFor(db: Db, config: AppConfig, pathname: string): Promise<PageMeta> {
  const url = `${config.appUrl}${pathname}`;
  if (pathname === '/find-trainer' || pathname === '/public/find-trainer') {
    return {
      status: 200,
      url,
      title: `Find a Certified Self-Defense Trainer | ${SITE}`,
      description:
        'Find a background-checked, certified Soul Punch self-defense trainer near you: browse the map and directory, see upcoming classes and contact a trainer.',
    };
  }
  const trainerId = pathname.match(/^\/(?:public\/)?trainer\/(\d{1,9})$/)?.[1];
  if (trainerId) {
    const trainer = await getPublicTrainer(db, Number(trainerId)).catch(() => undefined);
    if (!trainer)
      return { status: 404, url, title: `Trainer not found | ${SITE}`, description: DEFAULT_DESCRIPTION };
    const where = trainer.displayLocation ? ` in ${trainer.displayLocation}` : '';
    return {
      status: 200,
      url,
      title: `${trainer.displayName}, Certified Self-Defense Trainer${where} | ${SITE}`,
      description: trainer.publicBio.slice(0, 200),
      image: trainer.profilePicture
        ? new URL(trainer.profilePicture, `${config.appUrl}/`).toString()
        : undefined,
    };
  }
  return { status: 200, url, title: `${SITE} Trainer Platform`, description: DEFAULT_DESCRIPTION };
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sitemapXml(db: Db, config: AppConfig): Promise<string> {
  const { items } = await listPublicTrainers(db, publicTrainerQuerySchema.parse({}));
  const urls = [
    '/public',
    '/find-trainer',
    '/classes',
    '/public-calendar',
    ...items.map((t) => `/trainer/${t.id}`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${escapeXml(`${config.appUrl}${u}`)}</loc></url>`).join('\n')}
</urlset>
`;
}

export function robotsTxt(config: AppConfig): string {
  return [
    'User-agent: *',
    // Trainers look for their sign-in page by name: it may be found; the portal behind it may not.
    'Allow: /trainer-portal/login',
    'Disallow: /admin',
    'Disallow: /trainer-portal',
    'Disallow: /onboarding',
    'Disallow: /auth',
    'Disallow: /dev',
    'Disallow: /api/',
    `Sitemap: ${config.appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
