import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTheme } from '../../theme/createTheme';
import { ThemeScope } from '../../theme/ThemeScope';
import { KitPortal } from './KitPortal';

afterEach(cleanup);

const portalledRoot = () =>
  document.body.querySelector<HTMLElement>(':scope > [data-keyway]:has([data-testid="inside"])');

describe('KitPortal', () => {
  it('portals into its own kit root that copies the enclosing theme', () => {
    render(
      <ThemeScope theme={createTheme({ mode: 'dark', accentColor: '#ff0066', radius: 'none' })}>
        <KitPortal>
          <p data-testid="inside">Hello</p>
        </KitPortal>
      </ThemeScope>,
    );
    const root = portalledRoot();
    expect(root).not.toBeNull();
    expect(root?.getAttribute('data-kw-mode')).toBe('dark');
    expect(root?.style.getPropertyValue('--kw-color-accent')).toBe('#ff0066');
    expect(root?.style.getPropertyValue('--kw-radius-md')).toBe('0px');
  });

  it('uses an explicit theme over the enclosing one', () => {
    render(
      <ThemeScope theme={createTheme({ mode: 'dark' })}>
        <KitPortal theme={createTheme({ mode: 'light', accentColor: '#00aa55' })}>
          <p data-testid="inside">Hello</p>
        </KitPortal>
      </ThemeScope>,
    );
    const root = portalledRoot();
    expect(root?.getAttribute('data-kw-mode')).toBe('light');
    expect(root?.style.getPropertyValue('--kw-color-accent')).toBe('#00aa55');
  });

  it('falls back to the system theme outside any kit root, and renders nothing while not present', () => {
    const { rerender } = render(
      <KitPortal>
        <p data-testid="inside">Hello</p>
      </KitPortal>,
    );
    expect(portalledRoot()?.getAttribute('data-kw-mode')).toBe('system');
    rerender(
      <KitPortal present={false}>
        <p data-testid="inside">Hello</p>
      </KitPortal>,
    );
    expect(document.body.querySelector('[data-testid="inside"]')).toBeNull();
  });
});
