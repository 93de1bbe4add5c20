/**
 * Where focus goes when the modal closes. The kit's own buttons that open it carry a focus slot
 * (`data-kw-focus-slot`): "Connect wallet" and the account button that replaces it once connected share one
 * (ConnectButton's), so a dialog that closes because a flow ended can hand focus to whichever of them now
 * stands where the opener was. Order: the opener if it is still in the page, else the element of the
 * opener's slot, else nothing is moved (a host's own opener without a slot keeps the browser's default).
 * Focus is moved only while it is lost (on `<body>` or nowhere): a user who moved it meanwhile keeps it.
 */

/** Written as a literal by ConnectButton and AccountButton (this module is not in the page's first load). */
export const FOCUS_SLOT_ATTR = 'data-kw-focus-slot';

/** How long (animation frames) a slot's new element may take to appear after the dialog has closed. */
const SLOT_WAIT_FRAMES = 60;

export interface Opener {
  element: HTMLElement | null;
  slot: string | null;
}

/** The element focused now (the one that is opening the dialog) and its focus slot. */
export function currentOpener(doc: Document = document): Opener {
  const active = doc.activeElement;
  const element = active instanceof HTMLElement && active !== doc.body ? active : null;
  const slot = element?.closest(`[${FOCUS_SLOT_ATTR}]`)?.getAttribute(FOCUS_SLOT_ATTR) ?? null;
  return { element, slot };
}

const focusLost = (doc: Document) => {
  const active = doc.activeElement;
  return active === null || active === doc.body || active === doc.documentElement;
};

function slotElement(doc: Document, slot: string): HTMLElement | null {
  for (const el of doc.querySelectorAll<HTMLElement>(`[${FOCUS_SLOT_ATTR}]`)) {
    if (el.getAttribute(FOCUS_SLOT_ATTR) === slot && el.isConnected) return el;
  }
  return null;
}

/**
 * Gives focus back after the dialog closed: to the opener if it is still in the page, else to what now
 * stands in its slot (waiting a few frames for it to render). Returns a function that stops the waiting.
 */
export function returnFocus(opener: Opener, doc: Document = document): () => void {
  let frames = 0;
  let handle: number | undefined;
  const win = doc.defaultView;
  const attempt = () => {
    handle = undefined;
    if (!focusLost(doc)) return;
    const target = opener.element?.isConnected
      ? opener.element
      : opener.slot
        ? slotElement(doc, opener.slot)
        : null;
    if (target) {
      target.focus({ preventScroll: true });
      return;
    }
    if (opener.slot && win && frames++ < SLOT_WAIT_FRAMES) handle = win.requestAnimationFrame(attempt);
  };
  attempt();
  return () => {
    if (handle !== undefined) win?.cancelAnimationFrame(handle);
  };
}
