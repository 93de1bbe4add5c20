import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent } from './lazyParts';

afterEach(cleanup);

const Fallback = () => <p role="status">Loading part</p>;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lazyComponent', () => {
  it('shows the fallback until the code arrives, then the part with its props', async () => {
    const code = deferred<(p: { who: string }) => React.ReactNode>();
    let loads = 0;
    const Part = lazyComponent(
      () => {
        loads++;
        return code.promise;
      },
      'Part',
      Fallback,
    );
    render(<Part who="Alice" />);
    expect(screen.getByRole('status').textContent).toBe('Loading part');
    code.resolve(({ who }) => <p>Hello {who}</p>);
    expect((await screen.findByText('Hello Alice')).textContent).toBe('Hello Alice');
    expect(screen.queryByRole('status')).toBeNull();
    expect(loads).toBe(1);
  });

  it('once preloaded, renders the part on its first render (no fallback frame)', async () => {
    const Part = lazyComponent(async () => () => <p>Tokens</p>, 'Part', Fallback);
    await Part.preload();
    render(<Part />);
    // Synchronously after render: no Suspense was involved.
    expect(screen.getByText('Tokens')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failed preload is tried again by the next one', async () => {
    let attempt = 0;
    const Part = lazyComponent(
      async () => {
        attempt++;
        if (attempt === 1) throw new Error('chunk failed');
        return () => <p>Activity</p>;
      },
      'Part',
      Fallback,
    );
    await expect(Part.preload()).rejects.toThrow('chunk failed');
    await Part.preload();
    render(<Part />);
    expect(screen.getByText('Activity')).toBeTruthy();
    expect(attempt).toBe(2);
  });
});
