import type { PublicTrainer } from '@soulpunch/shared';
import { dayText, formatNumber, isCalendarDay } from '@soulpunch/shared';

/** Spec 9: the map popup shows the bio cut at 80 characters. */
export const POPUP_BIO_LENGTH = 80;

export function truncate(text: string, length: number): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length).trimEnd()}...` : trimmed;
}

/** 'Tulsa, OK': the trainer's own wording first, else city and state. */
export function trainerLocation(trainer: Pick<PublicTrainer, 'displayLocation' | 'city' | 'state'>): string {
  return (
    trainer.displayLocation?.trim() ||
    [trainer.city, trainer.state]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', ')
  );
}

export function initialOf(name: string): string {
  return name.trim()[0]?.toUpperCase() ?? '?';
}

/** Specialties as the public sees them: what the trainer listed, else the kinds of class they teach. */
export function specialtiesOf(trainer: Pick<PublicTrainer, 'specializations' | 'classTypes'>): string[] {
  return trainer.specializations.length ? trainer.specializations : trainer.classTypes;
}

export const distanceText = (miles: number) => `${formatNumber(miles)} mi away`;

/**
 * A link a trainer typed, made safe to open: web addresses only (no javascript: or data:), with https added
 * to a bare 'www.' address. Null when it is not a web address.
 */
export function externalUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\/\S+$/i.test(trimmed)) return trimmed;
  if (/^www\.\S+$/i.test(trimmed)) return `https://${trimmed}`;
  return null;
}

export type SocialPlatform = 'instagram' | 'facebook' | 'tiktok' | 'youtube' | 'website';

const profileBases: Record<Exclude<SocialPlatform, 'website'>, string> = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
  tiktok: 'https://www.tiktok.com/@',
  youtube: 'https://www.youtube.com/@',
};

/** A profile link from what the trainer entered: a full address, 'instagram.com/name', or a '@handle'. */
export function socialUrl(platform: SocialPlatform, value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const direct = externalUrl(trimmed);
  if (direct) return direct;
  if (/^[\w-]+(\.[\w-]+)+\/\S*$/.test(trimmed) || platform === 'website') {
    return /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed) ? `https://${trimmed}` : null;
  }
  const handle = trimmed.replace(/^@/, '');
  return /^[\w.-]+$/.test(handle) ? `${profileBases[platform]}${handle}` : null;
}

/** 'YYYY-MM-DD' as 'Sat, Jul 26, 2025'; other text is shown as it is. */
export function formatClassDate(date: string): string {
  return isCalendarDay(date) ? dayText(new Date(`${date}T00:00:00Z`), 'short') : date;
}
