/**
 * Where focus goes when the modal closes (focusReturn): the opener if it is still there, else what now stands
 * in its focus slot (waiting for it to render), and never taken from a user who moved it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentOpener, FOCUS_SLOT_ATTR, firstTabbable, keepFocusInDialog, returnFocus } from './focusReturn';

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

/** jsdom lays nothing out: an element is "rendered" here unless it or an ancestor has the hidden attribute. */
function withLayout() {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (this: HTMLElement) {
    return (this.closest('[hidden]') ? [] : [new DOMRect(0, 0, 10, 10)]) as unknown as DOMRectList;
  });
}

/** A dialog (focusable itself, as the modal's content is) with a header button and a body of views. */
function dialogWithBody() {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.tabIndex = -1;
  const close = document.createElement('button');
  close.textContent = 'Close';
  const body = document.createElement('div');
  dialog.append(close, body);
  document.body.append(dialog);
  return { dialog, close, body };
}

function view(body: HTMLElement, ...controls: string[]): HTMLButtonElement[] {
  const buttons = controls.map((text) => {
    const b = document.createElement('button');
    b.textContent = text;
    return b;
  });
  body.replaceChildren(...buttons);
  return buttons;
}

/** MutationObserver callbacks run as microtasks. */
const observed = () => new Promise<void>((r) => queueMicrotask(r));

describe('focus kept in the dialog while views replace each other', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the first control of the new view, when the control that had focus went with the old one', async () => {
    withLayout();
    const { dialog, body } = dialogWithBody();
    const [send] = view(body, 'Send', 'Swap');
    const keeper = keepFocusInDialog(dialog, body);
    send!.focus();
    const [selectToken] = view(body, 'Select token', 'Max');
    await observed();
    expect(document.activeElement).toBe(selectToken);
    keeper.stop();
  });

  it('the dialog itself while the new view is still loading, then its first control', async () => {
    withLayout();
    const { dialog, body } = dialogWithBody();
    const [send] = view(body, 'Send');
    const keeper = keepFocusInDialog(dialog, body);
    send!.focus();
    const spinner = document.createElement('div');
    body.replaceChildren(spinner);
    await observed();
    expect(document.activeElement).toBe(dialog);
    const [amount] = view(body, 'Amount');
    await observed();
    expect(document.activeElement).toBe(amount);
    keeper.stop();
  });

  it('leaves focus that the new view placed itself, or that the user moved', async () => {
    withLayout();
    const { dialog, close, body } = dialogWithBody();
    const [send] = view(body, 'Send');
    const keeper = keepFocusInDialog(dialog, body);
    send!.focus();
    const [, digit] = view(body, 'Resend', 'Digit 1 of 6');
    digit!.focus();
    await observed();
    expect(document.activeElement).toBe(digit);
    close.focus();
    keeper.viewChanged();
    view(body, 'Done');
    await observed();
    expect(document.activeElement).toBe(close);
    keeper.stop();
  });

  it('skips controls that cannot take focus: disabled, hidden, inert', () => {
    withLayout();
    const { body } = dialogWithBody();
    const [disabled, hidden, inert, ok] = view(body, 'Disabled', 'Hidden', 'Inert', 'Ok');
    disabled!.disabled = true;
    hidden!.hidden = true;
    inert!.setAttribute('inert', '');
    expect(firstTabbable(body)).toBe(ok);
  });

  it('does nothing once stopped', async () => {
    withLayout();
    const { dialog, body } = dialogWithBody();
    const [send] = view(body, 'Send');
    const keeper = keepFocusInDialog(dialog, body);
    keeper.stop();
    send!.focus();
    view(body, 'Other');
    await observed();
    expect(document.activeElement).toBe(document.body);
  });
});
