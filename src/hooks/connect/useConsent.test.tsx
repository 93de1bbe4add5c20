import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { keywayLocal } from '../../core/networks';
import { createMemoryStorage } from '../../core/storage';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import { KeywayProvider } from '../KeywayProvider';
import { useConsent } from './useConsent';

const instances: Keyway[] = [];
afterEach(() => {
  cleanup();
  for (const k of instances.splice(0)) k.destroy();
});

function setup(extra: Partial<Parameters<typeof createKeyway>[0]> = {}) {
  const keyway = createKeyway(
    {
      projectId: 'test-project',
      networks: [keywayLocal],
      explorerUrl: 'https://explorer.consent.test',
      apiUrl: 'https://api.consent.test',
      storage: createMemoryStorage(),
      ...extra,
    },
    { optionalConnectors: false },
  );
  instances.push(keyway);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <KeywayProvider keyway={keyway}>{children}</KeywayProvider>
  );
  return { keyway, ...renderHook(() => useConsent(), { wrapper }) };
}

describe('useConsent', () => {
  it('lets the user go on at once when the host asks for no consent', () => {
    const { result } = setup();
    expect(result.current.required).toBe(false);
    let may = false;
    act(() => {
      may = result.current.proceed();
    });
    expect(may).toBe(true);
    expect(result.current.missing).toBe(false);
  });

  it('refuses an attempt before agreement, marks it missing, and lets the user go on once agreed', () => {
    const { result, keyway } = setup({
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
    });
    const modalBefore = keyway.stores.modal.getState();
    expect(result.current).toMatchObject({
      required: true,
      agreed: false,
      missing: false,
      termsUrl: 'https://example.com/terms',
      privacyUrl: 'https://example.com/privacy',
    });

    let may = true;
    act(() => {
      may = result.current.proceed();
    });
    expect(may).toBe(false);
    expect(result.current.missing).toBe(true);

    act(() => result.current.setAgreed(true));
    expect(result.current.agreed).toBe(true);
    expect(result.current.missing).toBe(false);
    act(() => {
      may = result.current.proceed();
    });
    expect(may).toBe(true);

    // Withdrawn agreement blocks again; the modal was never touched.
    act(() => result.current.setAgreed(false));
    act(() => {
      may = result.current.proceed();
    });
    expect(may).toBe(false);
    expect(keyway.stores.modal.getState()).toBe(modalBefore);
  });

  it('asks for consent with only a privacy policy', () => {
    const { result } = setup({ privacyPolicyUrl: 'https://example.com/privacy' });
    expect(result.current.required).toBe(true);
    expect(result.current.termsUrl).toBeNull();
  });
});
