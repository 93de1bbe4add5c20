/**
 * The frame's own screens, built with DOM calls; every value from the host or a request is set as text.
 * The kit reveals the iframe over its modal while an approval is pending; otherwise the page shows a
 * quiet status line.
 *
 * The approval screen belongs to one request at a time, by its protocol id: the newest request that may
 * need approval. Its arrival closes the screen on display at once (before anything is looked up to
 * describe the new request; the page says "Preparing…" meanwhile, with no button); a cancel from the app,
 * a sign out, a new handshake or the frame's own time limit close it too. Approve answers only the
 * request it was created for, and only while that request still owns the screen.
 */
import { DEFAULT_REQUEST_TIME_LIMIT_MS } from '../../../src/frame/protocol/events.ts';
import { watchVisibility } from './visibility.ts';

export const REFUSED_TEXT = 'This wallet cannot be embedded here';
export const READY_TEXT = 'Secure wallet ready';
export const PREPARING_TEXT = 'Preparing the request…';

/**
 * Approve/Reject are enabled only once the screen has been seen (see visibility.ts: not covered, not
 * transparent, the page visible) for this long without a break; whenever it is not seen they are disabled
 * again and the wait starts over (clickjacking guard).
 */
export const APPROVAL_ARM_DELAY_MS = 500;
/**
 * Where the browser cannot tell whether the frame is covered or see-through (no IntersectionObserver v2:
 * Firefox, Safari), Approve must be pressed and held this long (pointer, or Space/Enter): a deliberate step
 * a single click on a decoy cannot give.
 */
export const APPROVAL_HOLD_MS = 1000;
/**
 * An approval not answered this long after its request arrived is rejected by the frame itself: the kit's
 * own default time limit, in case its cancel never arrives.
 */
export const APPROVAL_TIME_LIMIT_MS = DEFAULT_REQUEST_TIME_LIMIT_MS;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

function root(): HTMLElement {
  const app = document.getElementById('app');
  if (!app) throw new Error('missing #app');
  return app;
}

export function renderRefused(): void {
  document.documentElement.dataset.state = 'refused';
  root().replaceChildren(
    el('main', { className: 'screen refused', attrs: { role: 'alert' } }, [
      el('h1', { text: REFUSED_TEXT }),
      el('p', {
        className: 'muted',
        text: 'The secure wallet only runs inside the apps it was configured for.',
      }),
    ]),
  );
}

export function renderIdle(status: string, state: 'idle' | 'preparing' = 'idle'): void {
  document.documentElement.dataset.state = state;
  root().replaceChildren(
    el('main', { className: 'screen idle' }, [
      el('p', { className: 'muted', text: status, attrs: { 'data-testid': 'frame-status' } }),
    ]),
  );
}

export interface ApprovalRow {
  label: string;
  value: string;
  mono?: boolean;
  /** A warning row: set apart by its style and marked for assistive technology. */
  warning?: boolean;
}

/** Who asks for an approval. */
export interface Requester {
  name: string | null;
  origin: string;
  /** The app's icon (synced dapp data), only when it is served from `origin` itself; else null. */
  icon?: string | null;
}

export interface ApprovalRequest {
  /** The id of the protocol request the screen is for (the one passed to `prepareApproval`). */
  requestId: string;
  title: string;
  /**
   * Who asks: the name the page claims (synced dapp data, cleaned; null when none) and the origin the frame
   * verified itself (the embedding page's). The origin is shown on its own line, never inside the name.
   */
  requester: Requester;
  rows: ApprovalRow[];
  /** Long content: message text, typed data JSON, call data. */
  blocks: { label: string; text: string }[];
  approveLabel: string;
}

export type ApprovalOutcome = 'approved' | 'rejected' | 'superseded' | 'cancelled' | 'expired';

const STATUS: Record<Exclude<ApprovalOutcome, 'superseded'>, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

interface Screen {
  settle(outcome: ApprovalOutcome): void;
}

/** The request that owns the approval screen, from its arrival until it is answered or ends. */
interface Owner {
  requestId: string;
  expires: ReturnType<typeof setTimeout>;
  /** Its screen, once described and shown. */
  screen: Screen | null;
}

let owner: Owner | null = null;

/** How recent requests ended, for a description that finishes after its request was closed. */
const ended = new Map<string, ApprovalOutcome>();
const ENDED_KEPT = 32;

function remember(requestId: string, outcome: ApprovalOutcome): void {
  ended.set(requestId, outcome);
  if (ended.size > ENDED_KEPT) ended.delete(ended.keys().next().value as string);
}

/** Ends the owner: its open screen settles with `outcome`; a request still being described ends with it. */
function release(outcome: ApprovalOutcome): void {
  const o = owner;
  if (!o) return;
  owner = null;
  clearTimeout(o.expires);
  remember(o.requestId, outcome);
  if (o.screen) o.screen.settle(outcome);
  else if (outcome !== 'superseded') renderIdle(STATUS[outcome]);
}

/**
 * A request that may need approval (`requestId`) arrived: the screen on display is closed at once (its
 * request is answered as replaced) and the page shows "Preparing…" without buttons until this request's
 * screen is ready. Its time limit starts now.
 */
export function prepareApproval(requestId: string, timeLimitMs = APPROVAL_TIME_LIMIT_MS): void {
  release('superseded');
  const next: Owner = {
    requestId,
    screen: null,
    expires: setTimeout(() => {
      if (owner === next) release('expired');
    }, timeLimitMs),
  };
  owner = next;
  renderIdle(PREPARING_TEXT, 'preparing');
}

/** The app gave up on `requestId`: if it owns the screen, the screen closes and the request is rejected. */
export function cancelApproval(requestId: string): void {
  if (owner?.requestId === requestId) release('cancelled');
}

/** The request's handler is done: a request that failed before its screen showed leaves "Preparing…". */
export function finishApproval(requestId: string): void {
  const o = owner;
  if (o?.requestId !== requestId) return;
  if (o.screen) {
    release('rejected');
    return;
  }
  owner = null;
  clearTimeout(o.expires);
  renderIdle(READY_TEXT);
}

/**
 * Shows the approval screen for `request.requestId` and resolves with the user's choice. A request that
 * no longer owns the screen (a newer request arrived, it was cancelled or it expired while it was being
 * described) gets no screen: it resolves with how it ended.
 */
export function requestApproval(request: ApprovalRequest): Promise<ApprovalOutcome> {
  const o = owner;
  if (!o || o.requestId !== request.requestId) {
    return Promise.resolve(ended.get(request.requestId) ?? 'superseded');
  }
  // One screen per request.
  if (o.screen) return Promise.resolve('superseded');
  return showApproval(o, request);
}

/** Closes an open approval screen as rejected (sign out, a new handshake). */
export function dismissApproval(): void {
  release('rejected');
}

/** "Requested by <name>", after the app's icon when it has one (decorative: the name says who asks). */
function requesterLine(requester: Requester): HTMLElement {
  const line = el('p', { className: 'requester' });
  if (requester.icon) {
    const icon = el('img', {
      className: 'requester-icon',
      attrs: { src: requester.icon, alt: '', width: '20', height: '20', referrerpolicy: 'no-referrer' },
    });
    // An icon that does not load leaves no broken image.
    icon.addEventListener('error', () => icon.remove(), { once: true });
    line.append(icon);
  }
  line.append(`Requested by ${requester.name ?? requester.origin}`);
  return line;
}

function showApproval(o: Owner, request: ApprovalRequest): Promise<ApprovalOutcome> {
  return new Promise((resolve) => {
    document.documentElement.dataset.state = 'approval';
    const approve = el('button', {
      className: 'primary',
      text: request.approveLabel,
      attrs: { type: 'button', 'data-action': 'approve', disabled: '' },
    });
    const reject = el('button', {
      className: 'secondary',
      text: 'Reject',
      attrs: { type: 'button', 'data-action': 'reject', disabled: '' },
    });
    const rows = el(
      'dl',
      { className: 'rows' },
      request.rows.flatMap((r) => {
        const classes = [r.mono ? 'mono' : '', r.warning ? 'warning' : ''].filter(Boolean).join(' ');
        return [
          el('dt', { text: r.label, ...(r.warning ? { className: 'warning' } : {}) }),
          el('dd', { text: r.value, ...(classes ? { className: classes } : {}) }),
        ];
      }),
    );
    const blocks = request.blocks.map((b) =>
      el('section', { className: 'block' }, [
        el('h2', { text: b.label }),
        // A tab stop so a keyboard user can scroll a long block: a region named after its heading.
        el('pre', {
          className: 'mono',
          text: b.text,
          attrs: { tabindex: '0', role: 'region', 'aria-label': b.label },
        }),
      ]),
    );
    const heading = el('h1', { text: request.title, attrs: { id: 'approval-title', tabindex: '-1' } });
    const actions = el('div', { className: 'actions' }, [reject, approve]);
    // Fixed and full-size: in view 99 % or more only when the whole frame is (visibility.ts, cropping).
    const sentinel = el('div', { className: 'viewport-sentinel', attrs: { 'aria-hidden': 'true' } });
    const screen = el(
      'main',
      {
        className: 'screen approval',
        attrs: {
          role: 'dialog',
          'aria-labelledby': 'approval-title',
          'data-armed': 'false',
          'data-seen': 'false',
        },
      },
      [
        heading,
        requesterLine(request.requester),
        el('p', { className: 'origin', text: `Verified website: ${request.requester.origin}` }),
        rows,
        ...blocks,
        actions,
        sentinel,
      ],
    );
    root().replaceChildren(screen);
    // Never Approve: a key press the user meant for the host must not answer the request.
    heading.focus({ preventScroll: true });

    let armed = false;
    let arming: ReturnType<typeof setTimeout> | undefined;
    const setArmed = (on: boolean) => {
      armed = on;
      approve.disabled = !on;
      reject.disabled = !on;
      screen.dataset.armed = String(on);
    };
    // Focus can fall to the page's body while the screen is up: the screen was drawn while the host still hid
    // the iframe (focus cannot land there), or the button that had it was disarmed. When the host gives the
    // frame focus again, or the screen is seen again, focus goes back to the title (never to Approve).
    const focusTitle = () => {
      const active = document.activeElement;
      if (active === null || active === document.body) heading.focus({ preventScroll: true });
    };
    window.addEventListener('focus', focusTitle);
    const watch = watchVisibility(screen, actions, sentinel, (visible) => {
      // What the guard last heard from the browser; the 500 ms wait starts when this turns true.
      screen.dataset.seen = String(visible);
      clearTimeout(arming);
      if (!visible) setArmed(false);
      else {
        focusTitle();
        arming = setTimeout(() => setArmed(true), APPROVAL_ARM_DELAY_MS);
      }
    });
    screen.dataset.visibility = watch.mode;

    const entry: Screen = {
      settle(outcome) {
        if (o.screen !== entry) return;
        o.screen = null;
        window.removeEventListener('focus', focusTitle);
        if (owner === o) {
          owner = null;
          clearTimeout(o.expires);
          remember(o.requestId, outcome);
        }
        watch.stop();
        clearTimeout(arming);
        setArmed(false);
        if (outcome !== 'superseded') renderIdle(STATUS[outcome]);
        resolve(outcome);
      },
    };
    o.screen = entry;
    // Bound to the request this screen shows: it must still own the screen, and the screen be armed and seen.
    const answer = (outcome: 'approved' | 'rejected') => () => {
      if (owner !== o || o.screen !== entry || !armed || !watch.visible()) return;
      entry.settle(outcome);
    };
    reject.addEventListener('click', answer('rejected'));
    // By keyboard the screen is a modal decision: Tab and Shift+Tab cycle through its own stops (the host's
    // dialog behind it waits for the answer), and Escape rejects, as closing the host's modal would.
    screen.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        answer('rejected')();
        return;
      }
      if (e.key !== 'Tab') return;
      const stops = Array.from(
        screen.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([disabled])'),
      );
      const first = stops[0];
      const last = stops.at(-1);
      const active = document.activeElement;
      if (!first || !last) {
        e.preventDefault();
        return;
      }
      if (e.shiftKey && (active === first || active === heading)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    });
    if (watch.mode === 'v2') {
      approve.addEventListener('click', answer('approved'));
    } else {
      // No v2: press and hold. Released early, moved away or cancelled, nothing happens.
      approve.textContent = `Hold to ${request.approveLabel.toLowerCase()}`;
      approve.dataset.hold = 'true';
      let holding: ReturnType<typeof setTimeout> | undefined;
      const start = () => {
        if (holding !== undefined || approve.disabled) return;
        approve.dataset.holding = 'true';
        holding = setTimeout(() => {
          holding = undefined;
          delete approve.dataset.holding;
          answer('approved')();
        }, APPROVAL_HOLD_MS);
      };
      const stop = () => {
        clearTimeout(holding);
        holding = undefined;
        delete approve.dataset.holding;
      };
      approve.addEventListener('pointerdown', start);
      for (const type of ['pointerup', 'pointerleave', 'pointercancel', 'blur']) {
        approve.addEventListener(type, stop);
      }
      approve.addEventListener('keydown', (e) => {
        if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
          e.preventDefault();
          start();
        }
      });
      approve.addEventListener('keyup', (e) => {
        if (e.key === ' ' || e.key === 'Enter') stop();
      });
    }
  });
}

const COLOR = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/;

/**
 * True for a color COLOR accepts that is fully opaque. The accent paints the Approve button: a host must
 * not make it see-through (and lay its own button under it).
 */
export function isOpaqueColor(value: string): boolean {
  const color = value.trim().toLowerCase();
  if (!COLOR.test(color)) return false;
  if (color.startsWith('#')) {
    const hex = color.slice(1);
    if (hex.length === 3 || hex.length === 6) return true;
    if (hex.length === 4) return hex[3] === 'f';
    return hex.length === 8 && hex.slice(6) === 'ff';
  }
  const parts = color
    .slice(color.indexOf('(') + 1, -1)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (parts.length === 3) return true;
  const alpha = parts[3];
  if (parts.length !== 4 || alpha === undefined) return false;
  const amount = alpha.endsWith('%') ? Number(alpha.slice(0, -1)) / 100 : Number(alpha);
  return Number.isFinite(amount) && amount >= 1;
}

/** A border radius the frame takes over: pixels, 0 to 32. */
const RADIUS = /^(\d{1,2}(\.\d{1,2})?)px$/;
/** A font-family list of names only (no url(), no function): it can name only fonts the browser already has. */
const FONT_FAMILY = /^[A-Za-z0-9 _'",.-]{1,200}$/;

/** The theme variables the frame takes over, by name, and the property each one sets on its root. */
const THEME_VARIABLES: readonly { name: string; property: string; valid(value: string): boolean }[] = [
  { name: '--kw-accent', property: '--accent', valid: isOpaqueColor },
  { name: '--kw-accent-foreground', property: '--accent-fg', valid: isOpaqueColor },
  {
    name: '--kw-radius',
    property: '--radius',
    valid: (v) => {
      const m = RADIUS.exec(v);
      return m !== null && Number(m[1]) <= 32;
    },
  },
  { name: '--kw-font-family', property: '--font', valid: (v) => FONT_FAMILY.test(v) },
];

/**
 * The host's theme (spec: sync theme): the mode picks the frame's own light or dark palette, and four
 * variables are taken over, each only when its value is plain and safe: the accent and its foreground (fully
 * opaque colors: they paint the Approve button, which a host must not make see-through and lay its own button
 * under), the corner radius (pixels, at most 32) and the font family (names only). The texts, the background
 * and the rows keep the frame's own colors, so what is approved is always readable. A variable that is missing
 * or refused goes back to the frame's default, so a theme sent after another replaces it whole.
 */
export function applyTheme(
  mode: 'light' | 'dark',
  variables: Record<string, string | number> | undefined,
): void {
  const rootStyle = document.documentElement.style;
  document.documentElement.dataset.theme = mode;
  for (const { name, property, valid } of THEME_VARIABLES) {
    const raw = variables?.[name] ?? (name === '--kw-accent' ? legacyAccent(variables) : undefined);
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value && valid(value)) rootStyle.setProperty(property, value);
    else rootStyle.removeProperty(property);
  }
}

/** The accent under the names other kits send it by. */
function legacyAccent(variables: Record<string, string | number> | undefined): string | number | undefined {
  return variables?.accentColor ?? variables?.['--w3m-accent'];
}
