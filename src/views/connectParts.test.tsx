/**
 * The Connect view's optional parts (email form, social row, consent checkbox) are separate modules that come
 * with the view only when the instance shows them: a host without the embedded wallet or terms links never
 * downloads them, and a host with them never sees them pop in. Its own file: the registry's loads and the
 * parts' loads are module state.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { ConnectView, preloadConnectParts } from './ConnectView';
import { loadView } from './registry';

const imported = vi.hoisted(() => new Set<string>());
vi.mock('./EmailLoginForm', async (original) => {
  imported.add('EmailLoginForm');
  return original();
});
vi.mock('./SocialLoginButtons', async (original) => {
  imported.add('SocialLoginButtons');
  return original();
});
vi.mock('./ConnectConsent', async (original) => {
  imported.add('ConnectConsent');
  return original();
});

let kw: Keyway | null = null;
afterEach(() => {
  cleanup();
  kw?.destroy();
  kw = null;
});

const baseOptions = {
  projectId: 'test-project',
  networks: [keywayLocal],
  explorerUrl: 'https://explorer.keyway.test',
  apiUrl: 'https://api.keyway.test',
};

describe('Connect view parts', () => {
  it('a host without the embedded wallet or terms gets the view without its optional parts', async () => {
    kw = createKeyway(
      { ...baseOptions, storage: createMemoryStorage() },
      { optionalConnectors: false, connectors: [] },
    );
    expect(kw.embedded).toBeNull();
    await loadView('Connect', { keyway: kw });
    expect([...imported]).toEqual([]);
  });

  it('loads the email, social and consent parts only for the options that show them', async () => {
    await preloadConnectParts({
      embedded: null,
      options: { termsConditionsUrl: 'https://app.keyway.test/terms' },
    });
    expect([...imported].sort()).toEqual(['ConnectConsent']);
    await preloadConnectParts({
      embedded: {} as NonNullable<Keyway['embedded']>,
      options: {},
    });
    expect([...imported].sort()).toEqual(['ConnectConsent', 'EmailLoginForm', 'SocialLoginButtons']);
  });

  it('a preloaded part renders with the view at once: the consent checkbox is there on the first render', async () => {
    kw = createKeyway(
      { ...baseOptions, privacyPolicyUrl: 'https://app.keyway.test/privacy', storage: createMemoryStorage() },
      { optionalConnectors: false, connectors: [] },
    );
    await loadView('Connect', { keyway: kw });
    render(
      <KeywayProvider keyway={kw}>
        <ConnectView />
      </KeywayProvider>,
    );
    // Synchronously after the render: no skeleton stood in for it.
    expect(screen.getByRole('checkbox')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://app.keyway.test/privacy',
    );
  });
});
