import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { capText, MAX_TEXT } from '../../core/text';
import { Image } from '../Image/Image';
import { Badge, type BadgeTone } from '../ListItem/Badge';
import { badgeSlot, name as nameClass, tile } from './WalletTile.css';

export interface WalletTileProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'title'> {
  /** Wallet name (untrusted): capped in code, ellipsis on screen, full (capped) name in the tooltip `title`. */
  name: string;
  /** Wallet icon URL (untrusted). */
  iconUrl?: string | null;
  /** An icon element instead of a URL (e.g. a built-in "All wallets" glyph). */
  icon?: ReactNode;
  /** "Installed", "Recent", ... */
  badge?: string;
  badgeTone?: BadgeTone;
}

/** A wallet in the grid: a button with the wallet's icon, name and an optional badge. */
export const WalletTile = forwardRef<HTMLButtonElement, WalletTileProps>(function WalletTile(
  { name, iconUrl, icon, badge, badgeTone = 'neutral', className, type, ...rest },
  ref,
) {
  const label = capText(name, MAX_TEXT.name);
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={[tile, className].filter(Boolean).join(' ')}
      title={label}
      data-kw-wallet-tile=""
      {...rest}
    >
      {icon ?? <Image src={iconUrl} alt="" size="xl" shape="rounded" />}
      <span className={nameClass}>{label}</span>
      <span className={badgeSlot}>{badge ? <Badge tone={badgeTone}>{badge}</Badge> : null}</span>
    </button>
  );
});
