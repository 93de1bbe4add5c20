/**
 * Keyboard-only driving for the e2e files: Tab, Shift+Tab, Enter, Space, Escape, arrows and typing, nothing
 * else. Every move checks where focus landed: while a dialog of the kit is open, on a control inside it that
 * has a role and an accessible name (as Playwright's accessibility snapshot computes them); inside the secure
 * frame, on a named control of the frame's own page.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Focus {
  /** The ARIA role of the focused element (`button`, `textbox`, …), or `text`/`generic` for one without. */
  role: string;
  /** Its accessible name ('' when it has none). */
  name: string;
  /** The accessible name of the dialog it is in, or null outside any dialog. */
  dialog: string | null;
  /** True when a dialog is open (focus must then be inside it). */
  dialogOpen: boolean;
  /** True when the focus is inside the secure frame's page. */
  inFrame: boolean;
  /** True for the kit's account button. */
  accountButton: boolean;
  /** The first line of the element's accessibility snapshot (for messages) and its outer HTML's start. */
  seen: string;
}

/** `- button "Send"` / `- textbox "Amount": "0.1"` / `- text: ab` → role and name. */
function parseSnapshot(snapshot: string): { role: string; name: string } {
  let first = snapshot.split('\n')[0] ?? '';
  // YAML quotes a line holding a colon: - 'radio "Card: $10" [checked]'
  const quoted = /^- '(.*)'(:.*)?$/.exec(first);
  if (quoted) first = `- ${(quoted[1] ?? '').replace(/''/g, "'")}`;
  const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(first);
  if (!match) return { role: 'unknown', name: '' };
  return { role: match[1] ?? 'unknown', name: (match[2] ?? '').replace(/\\"/g, '"') };
}

const WAIT = { timeout: 20_000 };
/** The most presses a `tabTo` makes before giving up: more than any view of the kit has stops. */
const MAX_PRESSES = 40;

export function keyboard(page: Page) {
  /** Where focus is now; read again when it moves while being read. */
  async function focus(): Promise<Focus> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await readFocus();
      } catch (e) {
        if (attempt >= 5) throw e;
      }
    }
  }

  async function readFocus(): Promise<Focus> {
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const dialogEl = el?.closest('[role="dialog"]') ?? null;
      const labelOf = (d: Element | null) => {
        if (!d) return null;
        const by = d.getAttribute('aria-labelledby');
        const text = by
          ? by
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
          : (d.getAttribute('aria-label') ?? '');
        return text.trim();
      };
      return {
        frame: el?.tagName === 'IFRAME' && el.hasAttribute('data-keyway-frame'),
        dialog: labelOf(dialogEl),
        dialogOpen: document.querySelector('[role="dialog"]') !== null,
        accountButton: el?.hasAttribute('data-kw-account-button') ?? false,
        body: el === document.body || el === null,
      };
    });
    if (where.body) return { role: 'body', name: '', ...where, inFrame: false, seen: '' };
    const focused = where.frame
      ? page.frameLocator('iframe[data-keyway-frame]').locator('*:focus')
      : page.locator('*:focus');
    if ((await focused.count()) === 0)
      return { role: 'body', name: '', ...where, inFrame: where.frame, seen: '' };
    const snapshot = await focused.ariaSnapshot({ timeout: 2_000 });
    const html = await focused.evaluate((el) => el.outerHTML.slice(0, 160), undefined, { timeout: 2_000 });
    const seen = `${snapshot.split('\n')[0]} | ${html}`;
    return { ...parseSnapshot(snapshot), ...where, inFrame: where.frame, seen };
  }

  /** Fails unless focus is on a named control, inside the open dialog when one is open. */
  async function expectNamedInDialog(step: string): Promise<Focus> {
    const f = await focus();
    const where = `${step}: focus is on ${JSON.stringify(f)}`;
    expect(f.role, where).not.toMatch(/^(body|text|generic|unknown|none|presentation)$/);
    expect(f.name, where).not.toBe('');
    if (f.dialogOpen) expect(f.inFrame || f.dialog !== null, where).toBe(true);
    return f;
  }

  const matches = (f: Focus, role: string, name: string | RegExp) =>
    f.role === role && (typeof name === 'string' ? f.name === name : name.test(f.name));

  return {
    focus,
    expectNamedInDialog,

    /**
     * Presses Tab (or Shift+Tab) until focus is on the control with `role` and `name`, checking every stop
     * on the way. Waits for the control to exist first (views render once their data is there).
     */
    async tabTo(role: string, name: string | RegExp, opts: { back?: boolean } = {}): Promise<Focus> {
      const current = await focus();
      if (matches(current, role, name)) return current;
      for (let i = 0; i < MAX_PRESSES; i++) {
        await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
        const f = await expectNamedInDialog(`Tab towards ${role} ${String(name)}`);
        if (matches(f, role, name)) return f;
      }
      throw new Error(
        `Tab never reached ${role} ${String(name)}; focus is on ${JSON.stringify(await focus())}`,
      );
    },

    /** Waits until focus is on `role` `name` (focus moved by the kit, e.g. into a new view). */
    async waitFocus(role: string, name: string | RegExp): Promise<void> {
      await expect
        .poll(async () => {
          const f = await focus();
          return matches(f, role, name) ? 'there' : JSON.stringify(f);
        }, WAIT)
        .toBe('there');
    },

    /** Presses `key` on the focused control. */
    async press(key: 'Enter' | ' ' | 'Escape' | 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight') {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
    },

    /** Types `text` into the focused field (which must be a named text field). */
    async type(text: string): Promise<void> {
      const f = await expectNamedInDialog(`typing ${text}`);
      expect(['textbox', 'searchbox', 'spinbutton', 'combobox'], JSON.stringify(f)).toContain(f.role);
      await page.keyboard.type(text);
    },
  };
}
