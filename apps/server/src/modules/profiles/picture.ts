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
export async function processPicture(bytes: Buffer): Promise<{ key: string; data: Buffer }> {
  if (!sniffImageType(bytes)) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.wrongType);
  try {
    const data = await sharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { key: `pictures/${randomUUID()}.webp`, data };
  } catch {
    throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.unreadable);
  }
}

/** Pictures are served from this path; the stored profile value is this URL. */
export const pictureUrlFor = (key: string) => `/api/${key}`;
export const pictureKeyFromUrl = (url: string | null) => url?.match(/^\/api\/(pictures\/[\w-]+\.webp)$/)?.[1];
