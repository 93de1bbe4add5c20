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

/** What a keyboard user can Tab to (a disabled control is not a stop; a frame's page is). */
const TABBABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The first control under `root` a keyboard user can reach: rendered, not inert, not hidden. */
export function firstTabbable(root: ParentNode): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (el.closest('[inert],[aria-hidden="true"]')) continue;
    if (el.getClientRects().length === 0) continue;
    return el;
  }
  return null;
}

export interface FocusKeeper {
  /** A new view replaced the old one: the next time focus is lost or parked on the dialog, it moves in. */
  viewChanged(): void;
  stop(): void;
}

/**
 * Keeps focus inside an open dialog while its views replace each other. The control that had focus goes
 * with its view and focus would fall to `<body>`: it moves to the first control of the new view (`body`)
 * once that has rendered, and until then to the dialog itself, which is named by its title. Focus that a
 * view places itself (a code field, a search box) or that the user moves is left where it is.
 */
export function keepFocusInDialog(dialog: HTMLElement, body: HTMLElement): FocusKeeper {
  const doc = dialog.ownerDocument;
  // True from a view change (and the opening) until focus is on a control inside the dialog.
  let pending = true;
  const check = () => {
    const active = doc.activeElement;
    // An element outside the dialog that is no longer shown (the secure frame, hidden once its request was
    // answered) holds focus no one can see: lost as well.
    const lost =
      focusLost(doc) ||
      (active instanceof HTMLElement &&
        !dialog.contains(active) &&
        typeof active.checkVisibility === 'function' &&
        !active.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }));
    if (!lost && active !== dialog) {
      if (active && dialog.contains(active)) pending = false;
      return;
    }
    if (!lost && !pending) return;
    const target = firstTabbable(body);
    if (target) {
      target.focus();
      pending = false;
    } else if (lost) {
      // Parked on the dialog until the view's first control renders.
      dialog.focus({ preventScroll: true });
      pending = true;
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(dialog, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert'],
  });
  check();
  return {
    viewChanged() {
      pending = true;
      check();
    },
    stop: () => observer.disconnect(),
  };
}
