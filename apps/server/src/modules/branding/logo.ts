import { randomUUID } from 'node:crypto';
import { BRANDING_MESSAGES } from '@soulpunch/shared';
import type Sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { lazyModule } from '../../lib/lazy-module';
import { sniffImageType } from '../profiles/picture';

const sharp = lazyModule<typeof Sharp>('sharp');

/** Fits a page header and an e-mail's: wide logos stay wide, nothing is enlarged. */
const LOGO_BOX = { width: 600, height: 200 };

/**
 * Checked like profile pictures: the type from the bytes (PNG or JPEG, whatever the name says), decoded and
 * re-encoded, so no metadata or anything hidden in the file survives. PNG, not WebP: mail clients show PNG.
 */
export async function processLogo(bytes: Buffer, at: Date): Promise<{ key: string; data: Buffer }> {
  if (!sniffImageType(bytes)) throw new AppError(400, 'invalid_logo', BRANDING_MESSAGES.logoType);
  try {
    const data = await sharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { key: `branding/logo-${at.getTime()}-${randomUUID()}.png`, data };
  } catch {
    throw new AppError(400, 'invalid_logo', BRANDING_MESSAGES.logoUnreadable);
  }
}

/** Logos are served from here; every upload has a new name, so one never changes under its address. */
export const logoUrlFor = (key: string) => `/api/branding/${key.replace(/^branding\//, '')}`;
export const LOGO_FILE = /^logo-\d+-[0-9a-f-]{36}\.png$/;
