import pLimit from 'p-limit';
import sharp from 'sharp';
import { photoImageUrl } from '../modules/recipe-photos/attach-photo.js';
import { encodePhoto } from '../modules/recipe-photos/photo-encoding.js';
import { removePhotoFiles, storePhotoFiles } from '../modules/recipe-photos/photo-store.js';
import { demoDishSvg } from './demo-dish-art.js';
import { DEMO_RECIPES } from './demo-recipes.js';

/** Where seeded photos go and how `img` names them (the server's MEDIA_DIR and PUBLIC_URL). */
export interface DemoPhotoTarget {
  mediaDir: string;
  publicUrl: string;
}

/** What a seeded recipe stores about its photo (the same columns an upload fills). */
export interface DemoPhoto {
  img: string;
  photoKey: string;
  photoWidth: number;
  photoHeight: number;
  photoPlaceholder: string;
}

/**
 * Draws every demo recipe's picture (demo-dish-art.ts), renders it with sharp and stores it
 * through the upload pipeline (encodePhoto, storePhotoFiles): the same sizes, formats and
 * placeholder as a member's upload. Two at a time (2 cores). Measured with `npm run seed`: 4.8 s
 * more CPU (1.5 s to 6.3 s user time), 5.5 s to 18.7 s wall at load average 16 on 2 shared cores.
 * Only the demo seed draws: the bench's 100,000 recipes keep plain image URLs (bench/seed.ts).
 */
export async function drawDemoPhotos(target: DemoPhotoTarget): Promise<DemoPhoto[]> {
  const twoAtATime = pLimit(2);
  return Promise.all(
    DEMO_RECIPES.map((demo, index) =>
      twoAtATime(async () => {
        const png = await sharp(Buffer.from(demoDishSvg(demo, index)))
          .png()
          .toBuffer();
        const encoded = await encodePhoto(png);
        const key = await storePhotoFiles(target.mediaDir, encoded);
        return {
          img: photoImageUrl(target.publicUrl, key, encoded.width),
          photoKey: key,
          photoWidth: encoded.width,
          photoHeight: encoded.height,
          photoPlaceholder: encoded.placeholder,
        };
      }),
    ),
  );
}

/** Deletes the files of photos drawn for a seed that then failed. */
export async function removeDemoPhotos(mediaDir: string, photos: DemoPhoto[]): Promise<void> {
  await Promise.all(
    photos.map((photo) => removePhotoFiles(mediaDir, photo.photoKey, photo.photoWidth)),
  );
}
