/**
 * Ark UI's locale for the kit's Ark parts (dialog, tabs, tooltips, pin input, checkbox, QR code): each sets its
 * own `dir` from Ark's locale (Ark's default: en-US, left to right), so inside an Arabic or Hebrew kit root they
 * need the kit's locale. Every Ark part sits in the lazily loaded dialog and views: rendered there, around the
 * dialog, Ark's locale provider (with its right-to-left script table) stays out of a host's initial bundle.
 */
import { LocaleProvider } from '@ark-ui/react';
import type { ReactNode } from 'react';
import { useLocale } from './context';

export function ArkLocale({ children }: { children?: ReactNode }) {
  const { rootDir, lang } = useLocale();
  return <LocaleProvider locale={rootDir ? lang : 'en-US'}>{children}</LocaleProvider>;
}
