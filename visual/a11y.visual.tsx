/**
 * The modal under forced colours (Windows high contrast) and at 200 % zoom: Connect, Account, Send and Swap on
 * a real instance (the story kit, `modal.tsx`), in English. Each test takes a screenshot and checks the page
 * with assertions that fail on the defects a screenshot review could miss.
 *
 * Forced colours, at 360px: Chromium emulates `forced-colors: active` through a browser command (`commands.ts`)
 * and then really repaints with its high-contrast palette, black on white or, with `prefers-color-scheme: dark`,
 * white on black. The light theme is shown in the first, the dark theme in the second. Each test first checks
 * the emulation took (the media queries match, the palette is the expected one, an author colour computes to
 * the system colour that replaces it), then:
 * - every control has a boundary the palette paints: a border on all four sides (for a text field, the box
 *   around it), unless it is a text link (underlined);
 * - a pressed or selected control differs from its siblings by more than colour (border width, weight or
 *   decoration): the palette gives every control the same colours;
 * - every tab stop, reached with Tab from the first one round to it again, shows an outline of at least 1px
 *   (for a text field, on the box around it): forced colours drop box shadows, so a ring drawn with one is gone;
 * - the QR code (Receive) keeps its dark modules on a white ground in the white-on-black palette, so it can
 *   still be scanned.
 *
 * 200 % zoom, light theme only (the themes differ in colours and shadows, never in sizes: the dark layout is
 * the same): a 360px wide phone at 200 % zoom lays the page out in a 180 CSS px wide viewport, exactly as a
 * 180px wide window at 100 % does (media queries included), so the test renders at 180px. Then:
 * - every button, input, link and tab lies within the viewport horizontally (0 ≤ left, right ≤ 180.5);
 * - no control's content overflows its box (scroll size ≤ client size + 1, both ways), and a field's
 *   placeholder fits in it;
 * - no text in the dialog is cut: no element that clips its overflow (an ellipsis, the scrolling body) has
 *   content wider than itself. Texts wrap at this width; the ellipsis (with the full text as a title) is left
 *   to untrusted long names at wider widths.
 */
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { commands, type Locator, userEvent } from 'vitest/browser';
import { MODES, type Mode } from './harness';
import { MODAL_VIEWS, modalKit } from './modal';

const { openView } = modalKit();

const CONTROLS =
  'button, input:not([type="hidden"]), select, textarea, a[href], [role="tab"], [role="button"]';
const TEXT_FIELD = 'input, textarea';

afterEach(() => commands.setForcedColors('none'));
afterAll(() => commands.setForcedColors('none'));

/** Turns forced colours on and checks that Chromium repaints, not only that the media query matches. */
async function forceColours(palette: Mode) {
  await commands.setForcedColors(palette);
  await expect.poll(() => matchMedia('(forced-colors: active)').matches).toBe(true);
  expect(matchMedia('(prefers-color-scheme: dark)').matches).toBe(palette === 'dark');
  // Chromium's palettes: black on white, white on black.
  expect(systemColour('Canvas')).toBe(palette === 'dark' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)');
  const author = document.createElement('div');
  author.style.color = 'rgb(59, 91, 219)';
  author.style.backgroundColor = 'rgb(59, 91, 219)';
  document.body.append(author);
  try {
    expect(getComputedStyle(author).color).toBe(systemColour('CanvasText'));
    expect(getComputedStyle(author).backgroundColor).toBe(systemColour('Canvas'));
  } finally {
    author.remove();
  }
}

/** What a system colour computes to (under forced colours: the palette's colour). */
function systemColour(name: string) {
  const probe = document.createElement('div');
  probe.style.color = name;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

/** Visible controls of the dialog (not the visually hidden inputs some components keep for forms). */
function controls(dialog: Element): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(CONTROLS)).filter((el) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility() && box.width > 1 && box.height > 1;
  });
}

function nameOf(el: Element) {
  const text = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent ?? '';
  return `${el.tagName.toLowerCase()} "${text.trim().slice(0, 40)}"`;
}

const px = (value: string) => Number.parseFloat(value) || 0;

function bordered(el: Element) {
  const s = getComputedStyle(el);
  return (['Top', 'Right', 'Bottom', 'Left'] as const).every((side) => {
    const style = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
    return (
      style !== 'none' &&
      style !== 'hidden' &&
      px(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1
    );
  });
}

/** The box that shows a control's boundary and focus: the control, or for a text field the box around it. */
function frameOf(el: HTMLElement, dialog: Element, has: (node: Element) => boolean): Element | null {
  if (has(el)) return el;
  if (!el.matches(TEXT_FIELD)) return null;
  let node = el.parentElement;
  for (let depth = 0; node && node !== dialog && depth < 3; depth++, node = node.parentElement) {
    if (has(node)) return node;
  }
  return null;
}

function isTextLink(el: Element) {
  const s = getComputedStyle(el);
  return el.tagName === 'A' && s.display === 'inline' && s.textDecorationLine.includes('underline');
}

/** Controls without a boundary under forced colours. */
function unbounded(dialog: Element) {
  return controls(dialog)
    .filter((el) => !isTextLink(el) && !frameOf(el, dialog, bordered))
    .map(nameOf);
}

/** Pressed or selected controls that look like their unselected siblings but for colour. */
function stateByColourOnly(dialog: Element) {
  const STATES = '[aria-pressed], [aria-selected], [aria-checked]';
  const on = (el: Element) =>
    ['aria-pressed', 'aria-selected', 'aria-checked'].some((a) => el.getAttribute(a) === 'true');
  const look = (el: Element) => {
    const s = getComputedStyle(el);
    return [s.borderTopWidth, s.borderLeftWidth, s.fontWeight, s.textDecorationLine].join(' ');
  };
  const failures: string[] = [];
  for (const el of controls(dialog).filter((c) => c.matches(STATES) && on(c))) {
    const siblings = Array.from(el.parentElement?.querySelectorAll(STATES) ?? []).filter((s) => !on(s));
    for (const other of siblings) {
      if (look(other) === look(el)) failures.push(`${nameOf(el)} looks like ${nameOf(other)}`);
    }
  }
  return failures;
}

function outlined(el: Element) {
  const s = getComputedStyle(el);
  return s.outlineStyle !== 'none' && px(s.outlineWidth) >= 1;
}

/** Tabs from the first tab stop round the dialog; the stops that show no outline when focused. */
async function stopsWithoutRing(dialog: Element) {
  const first = document.activeElement as HTMLElement | null;
  expect(first && dialog.contains(first), 'focus starts in the dialog').toBe(true);
  const missing: string[] = [];
  let stops = 0;
  let el = first as HTMLElement;
  do {
    stops++;
    expect(dialog.contains(el), `focus left the dialog after ${stops} stops`).toBe(true);
    if (!el.matches(':focus-visible') || !frameOf(el, dialog, outlined)) missing.push(nameOf(el));
    await userEvent.keyboard('{Tab}');
    el = document.activeElement as HTMLElement;
  } while (el !== first && stops < 40);
  expect(el, 'Tab comes back round to the first stop').toBe(first);
  expect(stops).toBeGreaterThan(1);
  return missing;
}

/** The width of a field's placeholder in the placeholder's own font. */
function placeholderWidth(el: HTMLInputElement) {
  const s = getComputedStyle(el, '::placeholder');
  const context = document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('no canvas context');
  context.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  return context.measureText(el.placeholder).width;
}

/** Controls outside the 180px viewport, or whose content overflows them; texts cut inside the dialog. */
function clipped(dialog: Element, width: number) {
  const failures: string[] = [];
  for (const el of controls(dialog)) {
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > width + 0.5) {
      failures.push(`${nameOf(el)} spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
    }
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      failures.push(
        `${nameOf(el)} overflows: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
      );
    }
    // A field's scroll width counts its value, not its placeholder: that one is measured.
    if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
      const need = placeholderWidth(el);
      const room =
        el.clientWidth - px(getComputedStyle(el).paddingLeft) - px(getComputedStyle(el).paddingRight);
      if (need > room + 1)
        failures.push(`${nameOf(el)} cuts its placeholder: ${Math.ceil(need)}px in ${room}px`);
    }
  }
  for (const el of [dialog, ...Array.from(dialog.querySelectorAll('*'))]) {
    if (!(el instanceof HTMLElement) || el.matches(TEXT_FIELD) || !el.checkVisibility()) continue;
    const s = getComputedStyle(el);
    // Visually hidden texts (1px, clipped) are meant to be cut.
    if (s.overflowX === 'visible' || el.clientWidth <= 1) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      failures.push(`${nameOf(el)} cuts its content: ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
  }
  return failures;
}

describe('forced colours at 360px', () => {
  for (const mode of MODES) {
    for (const view of MODAL_VIEWS) {
      test(`${view} (${mode})`, async () => {
        await forceColours(mode);
        const { dialog } = await openView(view, { locale: 'en', mode, width: 360 });
        const root = dialog.element();
        // The theme's own surface colour (dark in the dark theme) is replaced too.
        expect(getComputedStyle(root).backgroundColor).toBe(systemColour('Canvas'));
        expect(unbounded(root)).toEqual([]);
        expect(stateByColourOnly(root)).toEqual([]);
        // Before the Tab walk, which scrolls the body: the first stop focused, the body at its top.
        await expect.element(dialog).toMatchScreenshot(`forced-colors-${view.toLowerCase()}-${mode}`);
        expect(await stopsWithoutRing(root)).toEqual([]);
      });
    }
  }

  test('Receive: the QR code stays dark on white', async () => {
    await forceColours('dark');
    const { dialog } = await openView('WalletReceive', { locale: 'en', mode: 'dark', width: 360 });
    const code: Locator = dialog.getByRole('img', { name: /QR code/ });
    await expect.element(code).toBeVisible();
    const card = code.element().parentElement as Element;
    const pattern = code.element().querySelector('path');
    expect(pattern, 'the code is drawn').not.toBeNull();
    // Not the palette's colours (white on black here): the light theme's own, in every palette and theme.
    expect(getComputedStyle(card).backgroundColor).toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(pattern as Element).fill).toBe('rgb(20, 22, 26)');
    await expect.element(code).toMatchScreenshot('forced-colors-receive-qr');
  });
});

describe('200 % zoom (180px)', () => {
  const WIDTH = 180;
  for (const view of MODAL_VIEWS) {
    test(`${view} (light)`, async () => {
      const { dialog } = await openView(view, { locale: 'en', mode: 'light', width: WIDTH });
      expect(document.documentElement.clientWidth).toBe(WIDTH);
      expect(clipped(dialog.element(), WIDTH)).toEqual([]);
      await expect.element(dialog).toMatchScreenshot(`zoom-200-${view.toLowerCase()}`);
    });
  }
});
