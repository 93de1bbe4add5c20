import type { CSSProperties } from 'react';
import { QrCode } from '../src/components/QrCode/QrCode';
import { ToastRegion } from '../src/components/Toast/ToastRegion';
import { Tooltip } from '../src/components/Tooltip/Tooltip';
import { qrCodeTexts, toastRegionTexts } from '../stories/components/_texts';

// QrCode, the toast region and the tooltip (rectangle mode), in fixed states, for screenshots.
const sheet: CSSProperties = {
  position: 'relative',
  display: 'flex',
  flexWrap: 'wrap',
  gap: 24,
  padding: 16,
  minHeight: 420,
  background: 'var(--kw-color-background)',
};
const LOGO =
  'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" rx="2" fill="%233b5bdb"/></svg>';

export function FeedbackSheet() {
  return (
    <div style={sheet}>
      <QrCode
        value="wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303"
        size={200}
        logoUrl={LOGO}
        label="QR code to connect"
        {...qrCodeTexts}
      />
      <QrCode size={120} loading label="QR code" {...qrCodeTexts} />
      <div style={{ position: 'relative', width: 300 }}>
        <ToastRegion
          {...toastRegionTexts}
          placement="top"
          toasts={[
            { id: 1, message: 'Network switched', variant: 'success' },
            { id: 2, message: 'Address copied', variant: 'success' },
            { id: 3, message: 'Failed to fetch transactions', variant: 'error' },
          ]}
        />
      </div>
      <Tooltip message="Copy address" variant="inverse" rect={{ x: 40, y: 330, width: 80, height: 24 }} />
      <Tooltip
        message="Network fee"
        variant="fill"
        placement="bottom"
        rect={{ x: 200, y: 330, width: 80, height: 24 }}
      />
    </div>
  );
}
