import { publicTrainerQuerySchema } from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { getPublicClass } from '../classes/service';
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

/**
 * The server-rendered pages' own tab titles, the same as each page sets when it comes alive (useDocumentTitle in
 * apps/web), so a tab never shows the generic title first.
 */
const PAGE_TITLES: Record<string, string> = {
  '/': `Sign In | ${SITE} Trainer Portal`,
  '/trainer-portal/login': `Sign In | ${SITE} Trainer Portal`,
  '/classes': `Upcoming Classes & Workshops | ${SITE}`,
  '/public/classes': `Upcoming Classes & Workshops | ${SITE}`,
  '/public-calendar': `Find Self-Defense Classes | ${SITE}`,
  '/public': `Find Your Self Defense Trainer | ${SITE}`,
  '/legal/terms': `Terms & Conditions | ${SITE}`,
  '/terms-of-service': `Terms of Service | ${SITE}`,
  '/terms-of-service-public': `Terms of Service | ${SITE}`,
  '/privacy': `Privacy Policy | ${SITE}`,
  '/privacy-policy-public': `Privacy Policy | ${SITE}`,
  '/support-public': `Support | ${SITE}`,
  '/verify': `Verify a Certificate | ${SITE}`,
};

/** A certificate's own verify page (/verify/{number}): the same title whatever it finds, found or not. */
const VERIFY_PAGE = /^\/verify\/[^/]+$/;

/** Title, description and Open Graph data for the pages search engines and link previews read, at `now`. */
export async function pageMetaFor(db: Db, config: AppConfig, pathname: string, now: Date): Promise<PageMeta> {
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
    const trainer = await getPublicTrainer(db, Number(trainerId), now).catch(() => undefined);
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
  const classId = pathname.match(/^\/public\/class\/(\d{1,9})$/)?.[1];
  if (classId) {
    // The class's own title, which its page (sent as islands) no longer sets itself once alive.
    const found = await getPublicClass(db, Number(classId)).catch(() => undefined);
    if (found)
      return {
        status: 200,
        url,
        title: `${found.title} | ${SITE} Classes`,
        description: DEFAULT_DESCRIPTION,
      };
  }
  const title = PAGE_TITLES[VERIFY_PAGE.test(pathname) ? '/verify' : pathname] ?? `${SITE} Trainer Platform`;
  return { status: 200, url, title, description: DEFAULT_DESCRIPTION };
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sitemapXml(db: Db, config: AppConfig, now: Date): Promise<string> {
  const { items } = await listPublicTrainers(db, publicTrainerQuerySchema.parse({}), now);
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
    // A certificate's page names its trainer, revoked ones too: for those who hold the number, not for an index.
    'Disallow: /verify/',
    'Disallow: /api/',
    `Sitemap: ${config.appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
