/**
 * StatusRegion: a polite live region that is in the page before its text, so the text is announced; a
 * re-render with the same text changes nothing in the page (nothing announced twice).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusRegion } from './StatusRegion';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Every change the region goes through, as a screen reader's live-region watcher would see it. */
function watch(region: HTMLElement) {
  const changes: string[] = [];
  const observer = new MutationObserver(() => changes.push(region.textContent ?? ''));
  observer.observe(region, { childList: true, subtree: true, characterData: true });
  return { changes, stop: () => observer.disconnect() };
}

describe('StatusRegion', () => {
  it('is in the page empty first, then says its text a frame later', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    render(<StatusRegion>Waiting for MetaMask</StatusRegion>);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    expect(region.childNodes).toHaveLength(0);
    const seen = watch(region);
    await act(async () => vi.advanceTimersToNextFrame());
    expect(region.textContent).toBe('Waiting for MetaMask');
    await Promise.resolve();
    expect(seen.changes).toEqual(['Waiting for MetaMask']);
    seen.stop();
  });

  it('announces each new text once, and nothing on a re-render that keeps it', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const { rerender } = render(<StatusRegion>Verifying…</StatusRegion>);
    await act(async () => vi.advanceTimersToNextFrame());
    const region = screen.getByRole('status');
    const seen = watch(region);
    rerender(<StatusRegion>Verifying…</StatusRegion>);
    rerender(<StatusRegion>Verifying…</StatusRegion>);
    await Promise.resolve();
    expect(seen.changes).toEqual([]);
    rerender(<StatusRegion>Connecting…</StatusRegion>);
    await Promise.resolve();
    expect(seen.changes).toEqual(['Connecting…']);
    // The same element all along: a region that was replaced would be a new one, announced again.
    expect(screen.getByRole('status')).toBe(region);
    seen.stop();
  });
});
