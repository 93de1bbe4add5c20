import { Dialog } from '@ark-ui/react';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeywayTheme } from '../../theme/createTheme';
import {
  currentOpener,
  type FocusKeeper,
  keepFocusInDialog,
  type Opener,
  returnFocus,
} from '../_lib/focusReturn';
import { KitPortal } from '../_lib/KitPortal';
import { useOverflows } from '../_lib/useOverflows';
import { IconButton } from '../Button/Button';
import { BackIcon, CloseIcon } from '../Icon/Icon';
import * as s from './Modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown in the header. */
  title: string;
  /** Shows a "Back" button in the header. */
  onBack?: (() => void) | undefined;
  /** While true the card shakes once (the theme's shake duration, 500 ms); reduced motion turns it off. */
  shake?: boolean;
  /** Theme of the portalled modal. Without one it copies the theme of the enclosing kit root. */
  theme?: KeywayTheme | undefined;
  /** Shown under the body, outside its scroll area (legal text, "Powered by"...). */
  footer?: ReactNode;
  /** Close on a click on the backdrop. Escape always closes. */
  closeOnInteractOutside?: boolean;
  closeLabel: string;
  backLabel: string;
  /**
   * Names the view shown in the body. When it changes, focus that the old view held moves to the first
   * control of the new one (never to `<body>`).
   */
  viewKey?: string;
  children?: ReactNode;
}

/**
 * The modal shell: a labelled dialog with focus trap, Escape to close and focus given back when it closes:
 * to the element that opened it, or, when a flow replaced that element (Connect wallet → the account
 * button), to what now stands in its place (_lib/focusReturn). A centred card on wide screens, a bottom
 * sheet under 480 px.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  onBack,
  shake = false,
  theme,
  footer,
  closeOnInteractOutside = true,
  closeLabel,
  backLabel,
  viewKey,
  children,
}: ModalProps) {
  const opener = useRef<Opener>({ element: null, slot: null });
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const keeper = useRef<FocusKeeper | null>(null);
  useEffect(() => {
    if (!content || !body.current) return;
    const k = keepFocusInDialog(content, body.current);
    keeper.current = k;
    return () => {
      k.stop();
      keeper.current = null;
    };
  }, [content]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new view, by design.
  useEffect(() => {
    keeper.current?.viewChanged();
  }, [viewKey]);
  const stopReturn = useRef<(() => void) | null>(null);
  // Before the dialog takes focus: what opened it (a kit button carries its focus slot).
  useLayoutEffect(() => {
    if (!open || typeof document === 'undefined') return;
    stopReturn.current?.();
    opener.current = currentOpener();
  }, [open]);
  useEffect(() => () => stopReturn.current?.(), []);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      closeOnInteractOutside={closeOnInteractOutside}
      closeOnEscape
      trapFocus
      restoreFocus
      preventScroll
      lazyMount
      unmountOnExit
      onExitComplete={() => {
        if (typeof document !== 'undefined') stopReturn.current = returnFocus(opener.current);
      }}
    >
      <KitPortal theme={theme} present={open}>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content ref={setContent} className={s.content} data-shake={shake ? '' : undefined}>
            <header className={s.header}>
              {onBack ? (
                <span className={s.backSlot}>
                  <IconButton aria-label={backLabel} icon={<BackIcon />} size="sm" onClick={onBack} />
                </span>
              ) : null}
              <Dialog.Title className={s.title}>{title}</Dialog.Title>
              <span className={s.closeSlot}>
                <Dialog.CloseTrigger asChild>
                  <IconButton aria-label={closeLabel} icon={<CloseIcon />} size="sm" />
                </Dialog.CloseTrigger>
              </span>
            </header>
            <ModalBody label={title} bodyRef={body}>
              {children}
            </ModalBody>
            {footer ? <footer className={s.footer}>{footer}</footer> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </KitPortal>
    </Dialog.Root>
  );
}

/**
 * The scrolling body; focusable while it overflows so keyboard users can scroll it, and then a named region
 * (the dialog's title) so a screen reader announces a place, not the whole content as one string.
 */
function ModalBody({
  label,
  bodyRef: ref,
  children,
}: {
  label: string;
  bodyRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
  const overflows = useOverflows(ref);
  return (
    <div
      ref={ref}
      className={s.body}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
