import { QrCode as ArkQrCode } from '@ark-ui/react';
import { type CSSProperties, useState } from 'react';
import { safeImageUrl } from '../../core/url';
import { useUrlPolicy } from '../_safe/urlPolicy';
import * as s from './QrCode.css';

export interface QrCodeProps {
  /** The text to encode (a pairing URI). Empty or absent while it is being created: a placeholder shows. */
  value?: string | undefined;
  /** Width and height in px, including the light margin. */
  size?: number;
  /** A logo in the centre. Only `https:`, `data:image/` and `blob:` URLs are shown; anything else is ignored. */
  logoUrl?: string | null | undefined;
  /** The accessible name of the code, e.g. "QR code to connect with Rainbow". */
  label: string;
  /** Shows the placeholder even when a value is present (e.g. while a new pairing replaces an expired one). */
  loading?: boolean;
  /** What the placeholder says (to screen readers; on screen too with `showLoadingLabel`). */
  loadingLabel: string;
  /** Shows `loadingLabel` on the placeholder, e.g. "This QR code expired. Getting a new one…". */
  showLoadingLabel?: boolean;
  /**
   * The id of the text that stands in for the code for someone who cannot scan it (the address written out,
   * or how to use the copied link): read with the code's name.
   */
  describedBy?: string | undefined;
}

/**
 * A QR code (Ark QR Code, SVG): the kit's one QR code (pairing URIs, the receive address, Farcaster login).
 * With a centre logo it switches to high error correction so the modules the logo covers are recovered by the
 * scanner. The encoded value is also in `data-kw-qr`, for tests that read it back.
 */
export function QrCode({
  value,
  size = 240,
  logoUrl,
  label,
  loading = false,
  loadingLabel,
  showLoadingLabel = false,
  describedBy,
}: QrCodeProps) {
  const safeLogo = safeImageUrl(logoUrl, useUrlPolicy());
  const [logoFailed, setLogoFailed] = useState<string | null>(null);
  const showLogo = safeLogo !== null && logoFailed !== safeLogo;
  const ecc = safeLogo ? 'H' : 'M';
  const sizeVar = { '--kw-qr-size': `${Math.max(64, Math.round(size))}px` } as CSSProperties;

  if (loading || !value) {
    return (
      <div className={s.card} style={sizeVar} role="status" aria-busy="true">
        <span className={s.placeholder} aria-hidden="true" />
        <span className={showLoadingLabel ? s.loadingLabel : s.visuallyHidden}>{loadingLabel}</span>
      </div>
    );
  }

  return (
    <div className={s.card} style={sizeVar}>
      <ArkQrCode.Root
        className={s.root}
        value={value}
        encoding={{ ecc, border: 1 }}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        data-ecc={ecc}
        data-kw-qr={value}
      >
        <ArkQrCode.Frame className={s.frame} aria-hidden="true">
          <ArkQrCode.Pattern className={s.pattern} />
        </ArkQrCode.Frame>
        {showLogo ? (
          <ArkQrCode.Overlay className={s.overlay}>
            <img
              className={s.logo}
              src={safeLogo}
              alt=""
              referrerPolicy="no-referrer"
              onError={() => setLogoFailed(safeLogo)}
            />
          </ArkQrCode.Overlay>
        ) : null}
      </ArkQrCode.Root>
    </div>
  );
}
