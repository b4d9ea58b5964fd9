/** The widths photos are stored at: cards (320), the detail page and 2x cards (640), 2x detail. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_PREFIX = '/media/recipes/';

/** Never wider than the original: a 800 px photo is kept at 320 and 640, a 200 px one at 200. */
export function largestStoredWidth(originalWidth: number): number {
  const fitting = PHOTO_WIDTHS.filter((width) => width <= originalWidth);
  return fitting.length === 0 ? originalWidth : Math.max(...fitting);
}

/** Every width stored for a photo whose largest size is `largest`. */
export function storedWidths(largest: number): number[] {
  return [...PHOTO_WIDTHS.filter((width) => width < largest), largest];
}

export const photoFileName = (key: string, width: number, format: PhotoFormat) =>
  `${key}-${width}.${format}`;

export interface RecipePhotoData {
  id: string;
  src: string;
  width: number;
  height: number;
  placeholder: string;
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
}

/** The contract's RecipePhoto from what a recipe row (or an upload row) keeps. */
export function photoData(
  key: string,
  width: number,
  height: number,
  placeholder: string,
): RecipePhotoData {
  const widths = storedWidths(width);
  const srcset = (format: PhotoFormat) =>
    widths.map((w) => `${PHOTO_PREFIX}${photoFileName(key, w, format)} ${w}w`).join(', ');
  return {
    id: key,
    src: `${PHOTO_PREFIX}${photoFileName(key, width, 'webp')}`,
    width,
    height,
    placeholder,
    sources: [
      { type: 'image/avif', srcset: srcset('avif') },
      { type: 'image/webp', srcset: srcset('webp') },
    ],
  };
}
