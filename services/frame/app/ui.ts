/**
 * The frame's own screens, built with DOM calls; every value from the host or a request is set as text.
 * The kit reveals the iframe over its modal while an approval is pending; otherwise the page shows a
 * quiet status line.
 */

export const REFUSED_TEXT = 'This wallet cannot be embedded here';

/** Clicks on Approve/Reject are ignored until the screen has been visible this long (clickjacking guard). */
const APPROVAL_ARM_DELAY_MS = 500;

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

export function renderIdle(status: string): void {
  document.documentElement.dataset.state = 'idle';
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

export interface ApprovalRequest {
  title: string;
  /** Who asks (the dapp name from synced dapp data, or its origin). */
  requester: string;
  rows: ApprovalRow[];
  /** Long content: message text, typed data JSON, call data. */
  blocks: { label: string; text: string }[];
  approveLabel: string;
}

export type ApprovalOutcome = 'approved' | 'rejected' | 'superseded';

/** The screen on display: one at a time. */
let current: { settle(outcome: ApprovalOutcome): void } | null = null;

/**
 * Shows the approval screen and resolves with the user's choice. A newer request replaces a screen that
 * is still open (which resolves 'superseded'): the app may have aborted the older request and hidden the
 * frame, so a stale screen must never block the next one.
 */
export function requestApproval(request: ApprovalRequest): Promise<ApprovalOutcome> {
  current?.settle('superseded');
  return showApproval(request);
}

/** Closes an open approval screen as rejected (sign out, a new handshake). */
export function dismissApproval(): void {
  current?.settle('rejected');
}

function showApproval(request: ApprovalRequest): Promise<ApprovalOutcome> {
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
        el('pre', { className: 'mono', text: b.text, attrs: { tabindex: '0' } }),
      ]),
    );
    const screen = el(
      'main',
      { className: 'screen approval', attrs: { role: 'dialog', 'aria-labelledby': 'approval-title' } },
      [
        el('h1', { text: request.title, attrs: { id: 'approval-title' } }),
        el('p', { className: 'requester', text: `Requested by ${request.requester}` }),
        rows,
        ...blocks,
        el('div', { className: 'actions' }, [reject, approve]),
      ],
    );
    root().replaceChildren(screen);
    const armed = setTimeout(() => {
      approve.disabled = false;
      reject.disabled = false;
      approve.focus();
    }, APPROVAL_ARM_DELAY_MS);
    const entry = {
      settle(outcome: ApprovalOutcome) {
        if (current !== entry) return;
        current = null;
        clearTimeout(armed);
        if (outcome !== 'superseded') renderIdle(outcome === 'approved' ? 'Approved' : 'Rejected');
        resolve(outcome);
      },
    };
    current = entry;
    approve.addEventListener('click', () => entry.settle('approved'), { once: true });
    reject.addEventListener('click', () => entry.settle('rejected'), { once: true });
  });
}

const COLOR = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/;

/** Theme mode as a data attribute; only the accent color variable is taken over, and only a plain color. */
export function applyTheme(
  mode: 'light' | 'dark',
  variables: Record<string, string | number> | undefined,
): void {
  document.documentElement.dataset.theme = mode;
  const accent = variables?.['--kw-accent'] ?? variables?.accentColor ?? variables?.['--w3m-accent'];
  if (typeof accent === 'string' && COLOR.test(accent.trim())) {
    document.documentElement.style.setProperty('--accent', accent.trim());
  }
}
