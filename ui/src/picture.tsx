import { useCallback, useMemo, useState, type CSSProperties } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import './picture.css';

export type PictureSource = { type: string; srcset: string };

export type PictureProps = {
  alt: string;
  /** The `<img>` source: an uploaded photo's largest WebP, or an image URL elsewhere. */
  src?: string | null;
  /** One `<source>` per format (AVIF first), each a `srcset` of widths. */
  sources?: readonly PictureSource[];
  /** Intrinsic size (or the box's aspect ratio): set on the image, so nothing shifts on load. */
  width: number;
  height: number;
  /** Which width the image takes on screen, for the browser to choose from `srcset`. */
  sizes?: string;
  /** A ThumbHash (base64) painted until the image arrives, and instead of a broken one. */
  placeholder?: string | null;
  /** The first visible image: loaded eagerly with high priority. Others load lazily. */
  priority?: boolean;
  className?: string;
};

function placeholderUrl(placeholder: string | null | undefined): string | undefined {
  if (!placeholder) return undefined;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return undefined; // a malformed hash shows the theme's plate instead
  }
}

/**
 * A responsive photo with no layout shift: `<picture>` with AVIF and WebP `srcset`s, width and
 * height set, lazy unless it is the first visible image. Until the image arrives its box shows the
 * ThumbHash (or, without one, a plate drawn in the theme's colours, so it follows dark mode); a
 * missing or broken image leaves that placeholder in place (`data-state="fallback"`).
 */
export function Picture({
  alt,
  src,
  sources = [],
  width,
  height,
  sizes,
  placeholder,
  priority = false,
  className,
}: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const background = useMemo(() => placeholderUrl(placeholder), [placeholder]);
  const failed = !src || failedSrc === src;
  const state = failed ? 'fallback' : loadedSrc === src ? 'loaded' : 'loading';
  // A server-rendered image may have loaded (or failed) before React attached its handlers.
  const observe = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image?.complete || !src) return;
      if (image.naturalWidth > 0) setLoadedSrc(src);
      else if (image.currentSrc) setFailedSrc(src);
    },
    [src],
  );
  const style: CSSProperties = {
    aspectRatio: `${width} / ${height}`,
    ...(background && state !== 'loaded' ? { backgroundImage: `url("${background}")` } : {}),
  };
  return (
    <span
      className={['rh-picture', className].filter(Boolean).join(' ')}
      data-state={state}
      data-placeholder={background ? 'thumbhash' : 'plate'}
      style={style}
      role={failed ? 'img' : undefined}
      aria-label={failed ? alt || undefined : undefined}
      aria-hidden={failed && !alt ? true : undefined}
    >
      {!failed && (
        <picture>
          {sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
          ))}
          <img
            ref={observe}
            className="rh-picture__image"
            src={src}
            alt={alt}
            width={width}
            height={height}
            sizes={sources.length > 0 ? sizes : undefined}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding={priority ? 'sync' : 'async'}
            onLoad={() => setLoadedSrc(src)}
            onError={() => setFailedSrc(src)}
          />
        </picture>
      )}
    </span>
  );
}
