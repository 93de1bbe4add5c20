import { Dialog } from '@ark-ui/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { KeywayTheme } from '../../theme/createTheme';
import { currentOpener, type Opener, returnFocus } from '../_lib/focusReturn';
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
  children,
}: ModalProps) {
  const opener = useRef<Opener>({ element: null, slot: null });
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
          <Dialog.Content className={s.content} data-shake={shake ? '' : undefined}>
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
            <ModalBody label={title}>{children}</ModalBody>
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
function ModalBody({ label, children }: { label: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
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
