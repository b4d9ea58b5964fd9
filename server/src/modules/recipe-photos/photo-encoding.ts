import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { AppError } from '../../errors/app-error.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import { largestStoredWidth, storedWidths } from '../recipes/data/photo-paths.js';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: more than any phone camera (a 108 MP sensor bins to 12 MP by default). */
export const MAX_PHOTO_PIXELS = 40_000_000;

export const PHOTO_TYPE_ERROR = 'Upload a JPEG, PNG, WebP or AVIF image.';
export const PHOTO_UNREADABLE = 'The image could not be read. Please upload another one.';
export const PHOTO_TOO_LARGE = 'The image must be at most 10 MB.';
export const PHOTO_TOO_NARROW = 'The image must be at most 4 times as tall as it is wide.';
export const PHOTO_TOO_MANY_PIXELS = `The image is too large: at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;

/** sharp's format names of what we accept. This sharp build's HEIF decoder reads AVIF only (no HEVC), so HEIC is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export interface EncodedPhoto {
  width: number;
  height: number;
  /** ThumbHash, base64 (about 25-35 characters). */
  placeholder: string;
  files: { width: number; format: 'avif' | 'webp'; bytes: Buffer }[];
}

export const photoError = (
  message: string,
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED',
) => new AppError(code, VALIDATION_DETAIL, { photo: [message] });

/**
 * Reads the header only (sharp's metadata does not decode pixels), so a "decompression bomb" (a
 * tiny PNG declaring 100,000 x 100,000 px) is refused in a few milliseconds (measured 8 ms).
 */
async function checkHeader(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // No pixel limit here: we want to read the declared size and answer with our own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw photoError(PHOTO_TYPE_ERROR);
  }
  const { format, compression, width, height } = metadata;
  if (!ACCEPTED_FORMATS.has(format) || (format === 'heif' && compression !== 'av1')) {
    throw photoError(PHOTO_TYPE_ERROR);
  }
  if (width * height > MAX_PHOTO_PIXELS) throw photoError(PHOTO_TOO_MANY_PIXELS);
  // Keeps every stored height in a small integer column, and a card's crop meaningful. EXIF may
  // turn the photo a quarter, so either side counts.
  if (Math.max(width, height) > 4 * Math.min(width, height)) throw photoError(PHOTO_TOO_NARROW);
  // The size once turned upright by its EXIF orientation.
  return metadata.autoOrient;
}

async function placeholderOf(upright: Sharp): Promise<string> {
  // ThumbHash wants at most 100 x 100 px of RGBA.
  const { data, info } = await upright
    .clone()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * Checks the bytes and encodes every stored size. Re-encoding drops all metadata (EXIF, GPS,
 * comments: sharp writes none unless asked) after `.rotate()` has turned the pixels upright by the
 * EXIF orientation. sharp runs each pipeline on libuv's threadpool, not the event loop; the sizes
 * are encoded one after another so an upload keeps one thread (one of 2 cores here) busy. Event-loop
 * delay while encoding a 12 MP photo (photo-limits.test.ts): max 15 ms on a quiet machine, up to
 * 180 ms at load average 6 on 2 cores (CPU contention); six pipelines at once from a decoded 36 MB
 * buffer had blocked it 270-480 ms.
 */
export async function encodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  if (bytes.length > MAX_PHOTO_BYTES) throw photoError(PHOTO_TOO_LARGE, 'PAYLOAD_TOO_LARGE');
  const { width, height } = await checkHeader(bytes);
  try {
    // Every size decodes the original (small, compressed) bytes: JPEG shrinks while decoding, and
    // no pipeline is handed a large decoded buffer. Handing them one (a 12 MP photo decoded to a
    // 36 MB PNG) blocked the event loop for 30-50 ms per pipeline, 270-390 ms per upload.
    const upright = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, animated: false })
      .rotate()
      .toColourspace('srgb');
    const largest = largestStoredWidth(width);
    const oneAtATime = pLimit(1);
    const files = await Promise.all(
      storedWidths(largest).flatMap((target) =>
        (['avif', 'webp'] as const).map((format) =>
          oneAtATime(async () => {
            const resized = upright.clone().resize({ width: target });
            // AVIF effort 2: 3 sizes of a 1600 px photo in 1.2 s here vs 3.9 s at the default 4.
            const encoded =
              format === 'avif'
                ? resized.avif({ quality: 55, effort: 2 })
                : resized.webp({ quality: 78 });
            return { width: target, format, bytes: await encoded.toBuffer() };
          }),
        ),
      ),
    );
    return {
      width: largest,
      height: Math.round((height * largest) / width),
      placeholder: await placeholderOf(upright),
      files,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw photoError(PHOTO_UNREADABLE);
  }
}
