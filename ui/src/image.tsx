import { useState, type ComponentProps } from 'react';
import './image.css';

/** A neutral local placeholder (no network): a plate on a muted background. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">' +
      '<rect width="400" height="300" fill="#e7e5e4"/>' +
      '<circle cx="200" cy="150" r="70" fill="#d6d3d1"/><circle cx="200" cy="150" r="45" fill="#f5f5f4"/>' +
      '</svg>',
  );

export type ImageProps = Omit<ComponentProps<'img'>, 'width' | 'height'> & {
  alt: string;
  width: number;
  height: number;
  /** Shown when src is missing or fails to load. */
  fallbackSrc?: string;
  /** Dimensions of the fallback when they differ (e.g. the 100x40 logo placeholder). */
  fallbackWidth?: number;
  fallbackHeight?: number;
};

/** An image with fixed dimensions (no layout shift) that falls back to a placeholder. */
export function Image({
  src,
  fallbackSrc = PLACEHOLDER_IMAGE,
  fallbackWidth,
  fallbackHeight,
  width,
  height,
  className,
  onError,
  ...props
}: ImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const failed = !src || failedSrc === src;
  return (
    <img
      {...props}
      width={failed ? (fallbackWidth ?? width) : width}
      height={failed ? (fallbackHeight ?? height) : height}
      src={failed ? fallbackSrc : src}
      data-state={failed ? 'fallback' : 'loaded'}
      className={['rh-image', className].filter(Boolean).join(' ')}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
