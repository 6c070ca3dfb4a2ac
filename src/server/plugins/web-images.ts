import { AppError } from '../errors.ts';
import type { FileType } from './file-types.ts';

/**
 * The copy of an uploaded picture that the site sends: made once, at upload, so a phone showing a
 * card never downloads a 4 MB photograph. It is turned upright (the camera's orientation tag
 * applied), at most WEB_IMAGE_EDGE pixels on its longer side, and stripped of its metadata (a
 * photo's EXIF can carry where and when it was taken). The original is kept beside it, unserved.
 */
export const WEB_IMAGE_EDGE = 1600;
/** Pictures this size or smaller, already within the edge, are sent as they are (PNG and WebP;
 * a JPEG is always made again, for its metadata). */
const SMALL_BYTES = 300 * 1024;
/** Decoding a picture of more pixels than this is refused: a small file can unpack into gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = 'The image is too large: it must be at most 40 megapixels.';

/**
 * The web copy of `bytes` (a checked upload of `type`), or null when the type is no picture.
 * A picture that cannot be decoded is refused with the kind's own message, under its field.
 */
export async function webImage(
  bytes: Buffer,
  type: FileType,
  refusal: { field: string; wrongType: string },
): Promise<Buffer | null> {
  if (!['jpg', 'png', 'webp'].includes(type.ext)) return null;
  // loaded at the first picture, not at start: libvips is 14 MB resident that most days never
  // need (docs/decisions/0036-memory.md); Node keeps the module once loaded
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const { width = 0, height = 0, orientation } = await image.metadata();
    const fits = Math.max(width, height) <= WEB_IMAGE_EDGE;
    if (type.ext !== 'jpg' && fits && bytes.length <= SMALL_BYTES && !orientation) return null;
    const upright = image
      .rotate()
      .resize({ width: WEB_IMAGE_EDGE, height: WEB_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    if (type.ext === 'jpg') return await upright.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    if (type.ext === 'png') return await upright.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    return await upright.webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw AppError.validation({ [refusal.field]: [TOO_MANY_PIXELS] });
    }
    throw AppError.validation({ [refusal.field]: [refusal.wrongType] });
  }
}
