/**
 * Where focus goes when the modal closes (focusReturn): the opener if it is still there, else what now stands
 * in its focus slot (waiting for it to render), and never taken from a user who moved it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentOpener, FOCUS_SLOT_ATTR, returnFocus } from './focusReturn';

function button(text: string, slot?: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = text;
  if (slot) b.setAttribute(FOCUS_SLOT_ATTR, slot);
  document.body.append(b);
  return b;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('focus return', () => {
  it('the opener, when it is still in the page', () => {
    const opener = button('Connect wallet', 's1');
    opener.focus();
    const remembered = currentOpener();
    expect(remembered).toEqual({ element: opener, slot: 's1' });
    opener.blur();
    returnFocus(remembered);
    expect(document.activeElement).toBe(opener);
  });

  it('the element that replaced it in its slot, also when that renders a few frames later', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const opener = button('Connect wallet', 's1');
    opener.focus();
    const remembered = currentOpener();
    opener.remove();
    returnFocus(remembered);
    expect(document.activeElement).toBe(document.body);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    const account = button('0x7099…79C8', 's1');
    vi.advanceTimersToNextFrame();
    expect(document.activeElement).toBe(account);
  });

  it('another slot does not count, and focus the user moved is left alone', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const opener = button('Connect wallet', 's1');
    opener.focus();
    const remembered = currentOpener();
    opener.remove();
    button('Network', 's2');
    returnFocus(remembered);
    expect(document.activeElement).toBe(document.body);
    const elsewhere = button('Host search');
    elsewhere.focus();
    button('0x7099…79C8', 's1');
    vi.advanceTimersToNextFrame();
    expect(document.activeElement).toBe(elsewhere);
  });

  it('a host opener without a slot: nothing is moved once it is gone', () => {
    const opener = button('Open wallet');
    opener.focus();
    const remembered = currentOpener();
    expect(remembered.slot).toBeNull();
    opener.remove();
    returnFocus(remembered);
    expect(document.activeElement).toBe(document.body);
  });
});
