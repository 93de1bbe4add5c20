import { useLayoutEffect, useRef } from 'react';
import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useKeyway } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useMessages } from '../i18n/useMessages';
import * as e from './EmailLogin.css';
import * as s from './shared.css';

/** Animation frames the body must keep its place before the frame is shown over it. */
const STILL_FRAMES = 6;

/**
 * ApproveTransaction: for unsafe RPC methods the frame shows its own approval screen. This view holds the
 * modal body's place and lays the (cross-origin) iframe over it; the kit never renders an approve button.
 * When the request settles (approved, rejected in the frame, aborted) the embedded wallet hides the frame
 * and leaves this view.
 */
export function ApproveTransactionView() {
  const m = useMessages();
  const T = m.approve;
  const { embedded } = useKeyway();
  const { params } = useModal();
  const area = useRef<HTMLElement>(null);
  const method = typeof params?.method === 'string' ? params.method : '';

  useLayoutEffect(() => {
    const frame = embedded?.frame;
    const el = area.current;
    if (!frame || !el || !frame.showApproval(T.heading)) return;
    let last = '';
    let raf = 0;
    let still = 0;
    let shown = false;
    // Placed but not shown until the body stops moving (the modal's opening animation): the frame arms its
    // buttons once it has been seen for 500 ms, and Chromium ignores clicks on a cross-origin frame that
    // tracks its visibility for 500 ms after it moved, so a frame shown while it still moved would have
    // armed buttons that drop the click.
    if (frame.iframe) frame.iframe.style.visibility = 'hidden';
    // Follow the body while the modal opens, shakes or resizes (the iframe is fixed to the viewport).
    const place = () => {
      const iframe = frame.iframe;
      if (iframe) {
        const r = el.getBoundingClientRect();
        const key = `${r.top}|${r.left}|${r.width}|${r.height}`;
        if (key !== last) {
          last = key;
          still = 0;
          Object.assign(iframe.style, {
            top: `${r.top}px`,
            left: `${r.left}px`,
            width: `${r.width}px`,
            height: `${r.height}px`,
            transform: 'none',
          });
        } else if (!shown && ++still >= STILL_FRAMES) {
          shown = true;
          iframe.style.visibility = 'visible';
          // Keyboard and screen-reader users answer on the frame's screen: focus goes to it (the frame puts
          // it on its title; its own stops cycle there until the request is answered or rejected by Escape).
          iframe.focus({ preventScroll: true });
        }
      }
      raf = requestAnimationFrame(place);
    };
    place();
    return () => {
      cancelAnimationFrame(raf);
      frame.hideApproval();
    };
  }, [embedded, T.heading]);

  const frame = embedded?.frame;
  return (
    <>
      <section
        ref={area}
        className={e.approvalArea}
        data-kw-view="ApproveTransaction"
        aria-label={T.frameRegion}
        data-method={method}
      >
        <Text variant="title" as="h3">
          {T.methods[method as keyof typeof T.methods] ?? T.heading}
        </Text>
        <StatusRegion>
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {T.hint}
          </p>
        </StatusRegion>
      </section>
      {/* Back to the frame's screen for a keyboard user whose focus left it. Pointing at the frame's region
          (aria-controls, expanded) also lets focus stay there under the dialog's focus trap. */}
      {frame?.hostId ? (
        <Button
          variant="secondary"
          aria-controls={frame.hostId}
          aria-expanded="true"
          onClick={() => frame.iframe?.focus()}
        >
          {T.goToFrame}
        </Button>
      ) : null}
    </>
  );
}
