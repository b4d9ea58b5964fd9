import { Image } from './image';

/** The RecipeHub mark (a chef's hat) as a local data URI: no asset is fetched, no font is used. */
export const LOGO_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">' +
      '<rect width="40" height="40" rx="10" fill="#c2410c"/>' +
      '<path d="M11 24c-3 0-5-2.5-5-5.5S8.5 13 11.5 13c1-3 4.5-5 8.5-5s7.5 2 8.5 5c3 0 5.5 2.5 5.5 5.5S32 24 29 24z" fill="#fff"/>' +
      '<rect x="12" y="25" width="16" height="6" rx="1.5" fill="#fff"/>' +
      '</svg>',
  );

/** Shown when the logo fails to load: a 100x40 neutral block. */
export const LOGO_PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40">' +
      '<rect width="100" height="40" rx="6" fill="#d6d3d1"/></svg>',
  );

export type LogoProps = { src?: string; alt?: string };

/** The brand mark, 40 px high; a 100x40 placeholder if the image fails. */
export function Logo({ src = LOGO_IMAGE, alt = 'RecipeHub home' }: LogoProps) {
  return (
    <Image
      src={src}
      alt={alt}
      width={40}
      height={40}
      fallbackSrc={LOGO_PLACEHOLDER}
      fallbackWidth={100}
      fallbackHeight={40}
    />
  );
}
