import { type ReactNode, useState } from 'react';
import { safeImageUrl } from '../../core/url';
import { useUrlPolicy } from '../_safe/urlPolicy';
import { fallbackGlyph, frame, img, shapes, sizes } from './Image.css';

export type ImageSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | 'fill';

export interface ImageProps {
  /**
   * Untrusted URL. Only `https:`, `data:image/` and `blob:` load, plus loopback `http:` where the instance allows
   * localhost (core/url's rule; the policy comes from context, see `UrlPolicyContext`).
   */
  src: string | null | undefined;
  /** Required: describe the image, or pass `""` when the text next to it already says what it is. */
  alt: string;
  size?: ImageSize;
  shape?: 'square' | 'rounded' | 'circle';
  /** Shown when the URL is refused or fails to load. Defaults to a neutral picture glyph. */
  fallback?: ReactNode;
  className?: string;
}

function PictureGlyph() {
  return (
    <svg className={fallbackGlyph} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="16" rx="3" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="9" cy="10" r="2" fill="currentColor" />
      <path d="M4.5 18l5-5 3.5 3.5 2.5-2.5 4 4" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/**
 * An image from an untrusted URL. A refused scheme (`javascript:`, `http:`, `data:text/html`) never reaches
 * `<img src>`; a load error swaps in the fallback. The frame keeps its size either way, so layouts do not jump.
 */
export function Image({ src, alt, size = 'md', shape = 'rounded', fallback, className }: ImageProps) {
  const safe = safeImageUrl(src, useUrlPolicy());
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = safe !== null && failedSrc !== safe;
  const cls = [frame, sizes[size], shapes[shape], className].filter(Boolean).join(' ');

  if (showImage) {
    return (
      <span className={cls} data-kw-image="loaded">
        <img
          className={img}
          src={safe}
          alt={alt}
          decoding="async"
          referrerPolicy="no-referrer"
          draggable={false}
          onError={() => setFailedSrc(safe)}
        />
      </span>
    );
  }
  // The fallback stands for the image: it keeps the alt text as its accessible name.
  return (
    <span
      className={cls}
      data-kw-image="fallback"
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {fallback ?? <PictureGlyph />}
    </span>
  );
}
