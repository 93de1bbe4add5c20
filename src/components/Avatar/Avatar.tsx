import { hashString } from '../_safe/safe';
import { Image } from '../Image/Image';
import { angles, avatar, fromHue, HUE_COUNT, placeholderGlyph, sizes, toHue } from './Avatar.css';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  /** Profile image (untrusted URL; same rules as `Image`). */
  src?: string | null;
  /** Account address: seeds the generated gradient when there is no image. Case does not matter. */
  address?: string | null;
  /** Accessible name, e.g. "vitalik.eth avatar". Pass `""` when a name is shown next to it. */
  alt: string;
  size?: AvatarSize;
  className?: string;
}

/** The gradient classes for an address: same address (any case) gives the same picture, everywhere. */
export function avatarGradient(address: string): string {
  const h = hashString(address.trim().toLowerCase());
  const a = h % HUE_COUNT;
  // The second hue is 2 to 6 steps (60° to 180°) away, so both colours are always distinct.
  const b = (a + 2 + ((h >>> 8) % 5)) % HUE_COUNT;
  const angle = (h >>> 16) % angles.length;
  return `${fromHue[a]} ${toHue[b]} ${angles[angle]}`;
}

function PersonGlyph() {
  return (
    <svg
      className={placeholderGlyph}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4 20.5c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5z" />
    </svg>
  );
}

/** An account picture: the image when there is a usable one, else a gradient from the address, else a glyph. */
export function Avatar({ src, address, alt, size = 'md', className }: AvatarProps) {
  const gradient = address?.trim() ? avatarGradient(address) : null;
  const cls = [avatar, sizes[size], gradient, className].filter(Boolean).join(' ');
  const a11y = alt ? { role: 'img' as const, 'aria-label': alt } : { 'aria-hidden': true as const };
  const generated = gradient ? (
    <span className={cls} data-kw-avatar="gradient" {...a11y} />
  ) : (
    <span className={cls} data-kw-avatar="placeholder" {...a11y}>
      <PersonGlyph />
    </span>
  );
  if (!src) return generated;
  return (
    <span className={[avatar, sizes[size], className].filter(Boolean).join(' ')} data-kw-avatar="image">
      <Image
        src={src}
        alt={alt}
        size="fill"
        shape="circle"
        fallback={gradient ? <span className={`${sizes[size]} ${gradient}`} /> : <PersonGlyph />}
      />
    </span>
  );
}
