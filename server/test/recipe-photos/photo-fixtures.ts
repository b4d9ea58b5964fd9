import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { multipartForm } from '../support/multipart-form.js';

/** A photo-like picture (gradients and shapes, so encoders have something to do), made by sharp. */
export async function photoFixture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' = 'jpeg',
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
      '<stop offset="0" stop-color="#b45309"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f8fafc"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#dc2626"/>` +
      '</svg>',
  );
  return sharp(svg).toFormat(format).toBuffer();
}

/** A JPEG stored sideways with EXIF orientation 6 (turn 90° clockwise) and GPS-like EXIF text. */
export async function sidewaysJpegWithExif(): Promise<Buffer> {
  return sharp(await photoFixture(800, 600, 'png'))
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 23.8103,90.4125' } })
    .toBuffer();
}

/**
 * A "decompression bomb": a valid 1 x 1 PNG whose header claims 100,000 x 100,000 px (10 gigapixels,
 * 40 GB of RGBA if decoded). The IHDR chunk's CRC is recomputed so decoders read the header.
 */
export async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A multipart/form-data body as a browser sends it, with one file under `field`. */
export function photoForm(bytes: Buffer, field = 'photo', type = 'image/jpeg') {
  return multipartForm({}, { field, name: 'dish.jpg', bytes, type });
}
