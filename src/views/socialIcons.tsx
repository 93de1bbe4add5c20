/**
 * The social providers' brand marks, drawn from simple-icons (CC0-1.0; each brand's own guidelines apply to
 * its mark). Only these seven paths are bundled: simple-icons is a build-time dependency and the kit's build
 * keeps the named exports it uses. Marks whose brand colour is black (GitHub, X, Apple) take the text colour,
 * so they stay visible in the dark theme.
 */
import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from 'simple-icons';
import type { SocialLoginProvider } from '../hooks/social/store';

interface BrandMark {
  path: string;
  /** The brand colour, or null for the text colour. */
  color: string | null;
}

const mark = (icon: { path: string; hex: string }, monochrome = false): BrandMark => ({
  path: icon.path,
  color: monochrome ? null : `#${icon.hex}`,
});

export const SOCIAL_MARKS: Record<SocialLoginProvider | 'farcaster', BrandMark> = {
  google: mark(siGoogle),
  github: mark(siGithub, true),
  apple: mark(siApple, true),
  facebook: mark(siFacebook),
  x: mark(siX, true),
  discord: mark(siDiscord),
  farcaster: mark(siFarcaster),
};

/** A provider's mark as an inline SVG (decorative: the button around it carries the provider's name). */
export function BrandIcon({ provider, size }: { provider: SocialLoginProvider | 'farcaster'; size: number }) {
  const { path, color } = SOCIAL_MARKS[provider];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={color ?? 'currentColor'}
      aria-hidden="true"
      focusable="false"
      data-kw-brand={provider}
    >
      <path d={path} />
    </svg>
  );
}
