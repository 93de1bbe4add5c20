import { use } from 'react';
import { useKeyway } from '../hooks/context';
import type { ModalView } from '../hooks/modal/store';
import { ArkLocale } from '../i18n/ArkLocale';
import { useCompiledMessages } from '../i18n/context';
import { enDialog } from '../i18n/en-dialog';
import type { ConnectViewProps } from './ConnectView';
import { loadView } from './registry';
import * as s from './shared.css';

/** The one catalogue text ViewHost shows (with the dialog's code, so it does not take the whole catalogue). */
const UNAVAILABLE_TEXT = { common: { viewUnavailable: enDialog.viewUnavailable } } as const;

/**
 * Renders a registered view. Its code is read with `use` from the registry's shared load: a view whose code
 * is already loaded renders in the same pass; otherwise the nearest Suspense boundary shows its fallback.
 */
export function ViewHost({ view, ...props }: { view: ModalView } & ConnectViewProps) {
  const m = useCompiledMessages(UNAVAILABLE_TEXT);
  const keyway = useKeyway();
  const load = loadView(view, { keyway });
  if (!load) return <p className={s.status}>{m.common.viewUnavailable}</p>;
  const View = use(load);
  return (
    <ArkLocale>
      <View {...props} />
    </ArkLocale>
  );
}
