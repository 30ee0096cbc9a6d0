import { randomUUID } from 'node:crypto';
import type Sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { lazyModule } from '../../lib/lazy-module';

/** Loaded with the first picture, not at start-up. */
const sharp = lazyModule<typeof Sharp>('sharp');

export const PICTURE_SIZE = 512;
export const PICTURE_MESSAGES = {
  tooLarge: 'The picture must be 2 MB or smaller.',
  wrongType: 'Please upload a PNG or JPEG image.',
  unreadable: 'This image could not be read. Please try another PNG or JPEG file.',
  missing: 'Please choose a picture to upload.',
};

/** The type from the file's first bytes: a name or a declared type can lie. */
export function sniffImageType(bytes: Buffer): 'png' | 'jpeg' | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

/**
 * Decodes, turns upright, fits into 512x512 and re-encodes as WebP. Re-encoding drops every bit of metadata
 * (EXIF, GPS, comments) and anything hidden in the original file.
 */
export async function processPicture(
  bytes: Buffer,
  owner: { trainerId: number; at: Date },
): Promise<{ key: string; data: Buffer }> {
  if (!sniffImageType(bytes)) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.wrongType);
  try {
    const data = await sharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { key: pictureKeyFor(owner.trainerId, owner.at), data };
  } catch {
    throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.unreadable);
  }
}

/** Pictures are served from this path; the stored profile value is this URL. */
export const pictureUrlFor = (key: string) => `/api/${key}`;
export const pictureKeyFromUrl = (url: string | null) => url?.match(/^\/api\/(pictures\/[\w-]+\.webp)$/)?.[1];

/**
 * A stored picture's key names its owner and when it was stored (on the app's clock): a trainer can only ever
 * delete keys that carry their own id, and the sweep leaves alone a file younger than an upload can take.
 * Every upload gets a new name, so a picture never changes under its URL.
 */
export const pictureKeyFor = (trainerId: number, at: Date) =>
  `pictures/trainer-${trainerId}-${at.getTime()}-${randomUUID()}.webp`;

const OWNED_KEY = /^pictures\/trainer-(\d+)-(\d+)-[0-9a-f-]{36}\.webp$/;

/** The owner and storage time of a key made by pictureKeyFor; undefined for older keys (random names only). */
export function pictureKeyParts(key: string): { trainerId: number; storedAt: Date } | undefined {
  const match = key.match(OWNED_KEY);
  if (!match) return undefined;
  return { trainerId: Number(match[1]), storedAt: new Date(Number(match[2])) };
}
