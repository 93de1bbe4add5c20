// @vitest-environment jsdom
/**
 * The approval screen's rules on their own (jsdom, a stand-in IntersectionObserver v2 the test drives):
 * which request owns the screen, cancel, the frame's own time limit, arming on visibility, focus, and the
 * accent colours it takes. The same rules in Chromium: services/frame/approval-guards.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_ARM_DELAY_MS,
  APPROVAL_HOLD_MS,
  APPROVAL_TIME_LIMIT_MS,
  type ApprovalOutcome,
  applyTheme,
  cancelApproval,
  dismissApproval,
  finishApproval,
  isOpaqueColor,
  PREPARING_TEXT,
  prepareApproval,
  READY_TEXT,
  requestApproval,
} from './ui.ts';

/** IntersectionObserver v2 as the test says: `show(true|false)` delivers an entry with that isVisible. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly options: IntersectionObserverInit & { trackVisibility?: boolean };
  queued: unknown[] = [];
  connected = true;
  constructor(
    readonly callback: (entries: unknown[]) => void,
    options: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.all.push(this);
  }
  observe() {}
  disconnect() {
    this.connected = false;
  }
  takeRecords() {
    const out = this.queued;
    this.queued = [];
    return out;
  }
  static show(isVisible: boolean) {
    for (const o of FakeObserver.all.filter((o) => o.connected)) {
      o.callback([{ isVisible, isIntersecting: true, intersectionRatio: 1 }]);
    }
  }
  /** The observer of the screen (v2) or of the buttons (v1), not the sentinel's. */
  static tracker(): FakeObserver {
    return FakeObserver.all.filter((o) => !(o.options.threshold as number[]).includes(0.5)).at(-1)!;
  }
  /** The share of the frame's full-size sentinel inside the viewport (the observer without trackVisibility). */
  static whole(ratio: number) {
    for (const o of FakeObserver.all.filter((o) => o.connected && !o.options.trackVisibility)) {
      o.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio }]);
    }
  }
}
class FakeEntry {
  get isVisible() {
    return false;
  }
}

const screenButton = (action: 'approve' | 'reject') =>
  document.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
const status = () => document.querySelector('[data-testid="frame-status"]')?.textContent;
const request = (requestId: string, title = 'Sign message') => ({
  requestId,
  title,
  requester: { name: 'Demo', origin: 'https://dapp.test' },
  rows: [{ label: 'Account', value: '0x1' }],
  blocks: [],
  approveLabel: 'Sign',
});

/** Shows `id`'s screen (prepared first) and arms it: seen for the arm delay. */
async function shownAndArmed(id: string): Promise<{ outcome: Promise<ApprovalOutcome> }> {
  prepareApproval(id);
  const outcome = requestApproval(request(id));
  FakeObserver.show(true);
  await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
  expect(screenButton('approve')?.disabled).toBe(false);
  // Wrapped: an async function would wait for a promise it returns.
  return { outcome };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div id="app"></div>';
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('IntersectionObserverEntry', FakeEntry);
});

afterEach(() => {
  dismissApproval();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the request that owns the screen', () => {
  it('a new request that may need approval closes the open screen at once and shows Preparing, with no button', async () => {
    const { outcome: a } = await shownAndArmed('a');
    prepareApproval('b');
    expect(await a).toBe('superseded');
    expect(status()).toBe(PREPARING_TEXT);
    expect(document.documentElement.dataset.state).toBe('preparing');
    expect(document.querySelectorAll('button')).toHaveLength(0);
  });

  it("a description that finishes after a newer request arrived gets no screen (the newer one's stays)", async () => {
    prepareApproval('a');
    prepareApproval('b');
    const b = requestApproval(request('b', 'B'));
    expect(await requestApproval(request('a', 'A'))).toBe('superseded');
    expect(document.querySelector('h1')?.textContent).toBe('B');
    FakeObserver.show(true);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    screenButton('approve')?.click();
    expect(await b).toBe('approved');
  });

  it('a request never prepared gets no screen', async () => {
    expect(await requestApproval(request('unknown'))).toBe('superseded');
    expect(screenButton('approve')).toBeNull();
  });

  it("a click on an old screen's Approve does nothing once another request owns the screen", async () => {
    const { outcome: a } = await shownAndArmed('a');
    const oldApprove = screenButton('approve') as HTMLButtonElement;
    prepareApproval('b');
    expect(await a).toBe('superseded');
    oldApprove.disabled = false;
    oldApprove.click();
    const b = requestApproval(request('b'));
    let settled = false;
    void b.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    dismissApproval();
    expect(await b).toBe('rejected');
  });

  it('finishing a request that failed before its screen showed leaves Preparing', () => {
    prepareApproval('a');
    finishApproval('a');
    expect(status()).toBe(READY_TEXT);
  });
});

describe('cancel and the time limit', () => {
  it('a cancel closes the screen of that request (and no other)', async () => {
    const { outcome: a } = await shownAndArmed('a');
    cancelApproval('someone-else');
    expect(screenButton('approve')).not.toBeNull();
    cancelApproval('a');
    expect(await a).toBe('cancelled');
    expect(status()).toBe('Cancelled');
    expect(document.querySelectorAll('button')).toHaveLength(0);
  });

  it('a request cancelled while it is being described never shows', async () => {
    prepareApproval('a');
    cancelApproval('a');
    expect(await requestApproval(request('a'))).toBe('cancelled');
    expect(screenButton('approve')).toBeNull();
  });

  it("the frame's own time limit, counted from the request's arrival, rejects and clears the screen", async () => {
    prepareApproval('a');
    await vi.advanceTimersByTimeAsync(10_000);
    const a = requestApproval(request('a'));
    FakeObserver.show(true);
    await vi.advanceTimersByTimeAsync(APPROVAL_TIME_LIMIT_MS - 10_000 - 1);
    expect(screenButton('approve')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await a).toBe('expired');
    expect(status()).toBe('Expired');
    expect(APPROVAL_TIME_LIMIT_MS).toBe(30_000);
  });

  it('a request that expired while being described never shows', async () => {
    prepareApproval('a');
    await vi.advanceTimersByTimeAsync(APPROVAL_TIME_LIMIT_MS);
    expect(await requestApproval(request('a'))).toBe('expired');
  });
});

describe('arming on visibility', () => {
  it('uses IntersectionObserver v2 (trackVisibility, delay 100) where the browser has isVisible', async () => {
    prepareApproval('a');
    void requestApproval(request('a'));
    expect(FakeObserver.tracker().options).toMatchObject({ trackVisibility: true, delay: 100 });
    expect(document.querySelector('main')?.dataset.visibility).toBe('v2');
  });

  it('stays disabled until seen for 500 ms without a break; not seen disarms and restarts the wait', async () => {
    prepareApproval('a');
    const a = requestApproval(request('a'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(screenButton('approve')?.disabled).toBe(true);
    FakeObserver.show(true);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS - 100);
    FakeObserver.show(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(screenButton('approve')?.disabled).toBe(true);
    FakeObserver.show(true);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS - 1);
    expect(screenButton('approve')?.disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(screenButton('approve')?.disabled).toBe(false);
    FakeObserver.show(false);
    expect(screenButton('approve')?.disabled).toBe(true);
    dismissApproval();
    expect(await a).toBe('rejected');
  });

  it('a click while not seen does nothing, even on a button a script enabled', async () => {
    prepareApproval('a');
    const a = requestApproval(request('a'));
    const approve = screenButton('approve') as HTMLButtonElement;
    approve.disabled = false;
    approve.click();
    // Seen and armed, then hidden: the queued "not visible" record is read at the click.
    FakeObserver.show(true);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    const observer = FakeObserver.tracker();
    observer.queued.push({ isVisible: false, isIntersecting: true, intersectionRatio: 1 });
    approve.click();
    dismissApproval();
    expect(await a).toBe('rejected');
  });

  it('a hidden page (visibilityState) disarms', async () => {
    const { outcome: a } = await shownAndArmed('a');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(screenButton('approve')?.disabled).toBe(true);
    hidden.mockRestore();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    screenButton('approve')?.click();
    expect(await a).toBe('approved');
  });

  it('without v2, the buttons must be fully in view (v1 ratio) and the page visible', async () => {
    vi.stubGlobal('IntersectionObserverEntry', class {});
    prepareApproval('a');
    const a = requestApproval(request('a'));
    expect(document.querySelector('main')?.dataset.visibility).toBe('v1');
    const observer = FakeObserver.tracker();
    FakeObserver.whole(1);
    observer.callback([{ isIntersecting: true, intersectionRatio: 0.5 }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(screenButton('approve')?.disabled).toBe(true);
    observer.callback([{ isIntersecting: true, intersectionRatio: 1 }]);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    // Without v2, Approve is held (the no-v2 path below).
    screenButton('approve')?.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(APPROVAL_HOLD_MS);
    expect(await a).toBe('approved');
  });

  it('focuses the heading, never Approve', async () => {
    await shownAndArmed('a');
    expect(document.activeElement?.tagName).toBe('H1');
    expect(document.activeElement).not.toBe(screenButton('approve'));
  });

  it('when the frame gains focus with nothing focused in it, focus goes to the title, not to Approve', async () => {
    await shownAndArmed('a');
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    window.dispatchEvent(new FocusEvent('focus'));
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('by keyboard: Tab and Shift+Tab cycle through the screen; Escape rejects once armed', async () => {
    const { outcome: a } = await shownAndArmed('a');
    const screen = document.querySelector('main')!;
    const tab = (shiftKey = false) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      (document.activeElement ?? screen).dispatchEvent(event);
      return event.defaultPrevented;
    };
    const approve = screenButton('approve')!;
    const reject = screenButton('reject')!;
    // From the heading, Shift+Tab goes round to the last stop (Approve), not out to the host page.
    expect(tab(true)).toBe(true);
    expect(document.activeElement).toBe(approve);
    // From the last stop, Tab goes round to the first.
    expect(tab()).toBe(true);
    const first = document.activeElement;
    expect(first === reject || first?.getAttribute('role') === 'region').toBe(true);
    // Between stops the browser moves focus itself.
    reject.focus();
    expect(tab()).toBe(false);
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(await a).toBe('rejected');
  });
});

describe('accent colours', () => {
  it.each([
    '#3b5bdb',
    '#3bd',
    '#3b5bdbff',
    '#3bdf',
    'rgb(59, 91, 219)',
    'rgb(59 91 219)',
    'rgba(59,91,219,1)',
    'hsl(220, 70%, 50%)',
    'hsla(220, 70%, 50%, 100%)',
  ])('takes the opaque colour %s', (colour) => {
    expect(isOpaqueColor(colour)).toBe(true);
  });

  it.each([
    '#3b5bdb00',
    '#3b5bdbfe',
    '#3bd0',
    'rgba(59, 91, 219, 0.01)',
    'rgba(59,91,219,.99)',
    'hsla(220, 70%, 50%, 50%)',
    'transparent',
    'red',
    '#12345',
    'rgb(1, 2)',
  ])('refuses %s', (colour) => {
    expect(isOpaqueColor(colour)).toBe(false);
  });

  it('applyTheme takes the accent back to the default for a see-through colour', () => {
    applyTheme('light', { '--kw-accent': '#0a7d4f' });
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#0a7d4f');
    applyTheme('dark', { '--kw-accent': 'rgba(0, 0, 0, 0.01)' });
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('applyTheme takes the accent foreground, the radius and the font family; a later theme replaces it whole', () => {
    const style = document.documentElement.style;
    applyTheme('dark', {
      '--kw-accent': 'rgb(232, 89, 12)',
      '--kw-accent-foreground': '#ffffff',
      '--kw-radius': '16px',
      '--kw-font-family': "'Inter', system-ui, sans-serif",
    });
    expect(style.getPropertyValue('--accent')).toBe('rgb(232, 89, 12)');
    expect(style.getPropertyValue('--accent-fg')).toBe('#ffffff');
    expect(style.getPropertyValue('--radius')).toBe('16px');
    expect(style.getPropertyValue('--font')).toBe("'Inter', system-ui, sans-serif");
    applyTheme('light', { '--kw-accent': '#3b5bdb' });
    expect(style.getPropertyValue('--accent')).toBe('#3b5bdb');
    for (const name of ['--accent-fg', '--radius', '--font']) expect(style.getPropertyValue(name)).toBe('');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it.each([
    ['--kw-radius', '40px'],
    ['--kw-radius', '1em'],
    ['--kw-radius', 'calc(100px)'],
    ['--kw-font-family', 'url(https://x.test/f.woff)'],
    ['--kw-font-family', 'Inter; color: red'],
    ['--kw-font-family', 'var(--x)'],
  ])('applyTheme refuses %s: %s', (name, value) => {
    applyTheme('light', { [name]: value });
    const property = name === '--kw-radius' ? '--radius' : '--font';
    expect(document.documentElement.style.getPropertyValue(property)).toBe('');
  });
});

describe('who asks', () => {
  it('the claimed name and the verified origin are on lines of their own; a name cannot pose as an origin', async () => {
    prepareApproval('who-1');
    const outcome = requestApproval({
      ...request('who-1'),
      requester: { name: 'Uniswap (https://app.uniswap.org)', origin: 'https://evil.test' },
    });
    expect(document.querySelector('p.requester')?.textContent).toBe(
      'Requested by Uniswap (https://app.uniswap.org)',
    );
    expect(document.querySelector('p.origin')?.textContent).toBe('Verified website: https://evil.test');
    dismissApproval();
    await outcome.catch(() => undefined);
    // Without a synced name: the origin names the requester.
    prepareApproval('who-2');
    const second = requestApproval({
      ...request('who-2'),
      requester: { name: null, origin: 'https://dapp.test' },
    });
    expect(document.querySelector('p.requester')?.textContent).toBe('Requested by https://dapp.test');
    expect(document.querySelector('p.origin')?.textContent).toBe('Verified website: https://dapp.test');
    dismissApproval();
    await second.catch(() => undefined);
  });

  it("shows the app's icon before its name, decorative, and drops it when it does not load", async () => {
    prepareApproval('who-icon');
    const outcome = requestApproval({
      ...request('who-icon'),
      requester: { name: 'Demo', origin: 'https://dapp.test', icon: 'https://dapp.test/icon.png' },
    });
    const icon = document.querySelector<HTMLImageElement>('p.requester img.requester-icon');
    expect(icon?.getAttribute('src')).toBe('https://dapp.test/icon.png');
    expect(icon?.getAttribute('alt')).toBe('');
    expect(document.querySelector('p.requester')?.textContent).toBe('Requested by Demo');
    icon?.dispatchEvent(new Event('error'));
    expect(document.querySelector('p.requester img')).toBeNull();
    dismissApproval();
    await outcome.catch(() => undefined);
  });
});

describe('cropping and the no-v2 path', () => {
  it('a screen that is visible but cropped (the sentinel 30 % in view) never arms; whole, it arms', async () => {
    prepareApproval('crop');
    const outcome = requestApproval(request('crop'));
    FakeObserver.show(true);
    FakeObserver.whole(0.3);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS * 4);
    expect(screenButton('approve')?.disabled).toBe(true);
    screenButton('approve')?.click();
    FakeObserver.whole(1);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    expect(screenButton('approve')?.disabled).toBe(false);
    // Cropped again: disarmed at once.
    FakeObserver.whole(0.5);
    expect(screenButton('approve')?.disabled).toBe(true);
    FakeObserver.whole(1);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    screenButton('approve')?.click();
    expect(await outcome).toBe('approved');
  });

  it('without IntersectionObserver v2 a click is not enough: Approve must be held for 1 s', async () => {
    vi.stubGlobal('IntersectionObserverEntry', class {});
    prepareApproval('hold');
    const outcome = requestApproval(request('hold'));
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    const approve = screenButton('approve') as HTMLButtonElement;
    expect(approve.textContent).toBe('Hold to sign');
    FakeObserver.show(true);
    await vi.advanceTimersByTimeAsync(APPROVAL_ARM_DELAY_MS);
    expect(approve.disabled).toBe(false);
    approve.click();
    await vi.advanceTimersByTimeAsync(APPROVAL_HOLD_MS * 2);
    expect(settled).toBe(false);
    // Released early: nothing.
    approve.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(APPROVAL_HOLD_MS - 100);
    approve.dispatchEvent(new Event('pointerup'));
    await vi.advanceTimersByTimeAsync(APPROVAL_HOLD_MS);
    expect(settled).toBe(false);
    // Held by keyboard for the whole second: approved.
    approve.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    await vi.advanceTimersByTimeAsync(APPROVAL_HOLD_MS);
    expect(await outcome).toBe('approved');
  });
});
