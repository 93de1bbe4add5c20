import { useLocaleContext } from '@ark-ui/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArkLocale } from './ArkLocale';
import { I18nProvider, useLocale } from './context';
import { useShellMessages } from './useShellMessages';

// The loaders chunk, counted: a host on English never needs it.
const loadLocale = vi.hoisted(() => vi.fn());
vi.mock('./loaders', async (original) => {
  const actual = await original<typeof import('./loaders')>();
  loadLocale.mockImplementation(actual.loadLocale);
  return { ...actual, loadLocale };
});

afterEach(() => {
  cleanup();
  loadLocale.mockClear();
});

function Probe() {
  const { locale, lang, rootDir } = useLocale();
  const ark = useLocaleContext();
  const shell = useShellMessages();
  return (
    <p data-testid="probe">{[locale, lang, rootDir ?? '-', ark.dir, shell.connectButton.label].join('|')}</p>
  );
}

const probe = () => screen.getByTestId('probe').textContent;

describe('I18nProvider', () => {
  it('shows English for no tag, an English tag or a malformed one without loading the locale loaders', async () => {
    const { rerender } = render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(probe()).toBe('en|en|-|ltr|Connect wallet');
    rerender(
      <I18nProvider locale="en-GB" messages={{ connectButton: { label: 'Sign in' } }}>
        <Probe />
      </I18nProvider>,
    );
    expect(probe()).toBe('en-GB|en|ltr|ltr|Sign in');
    rerender(
      <I18nProvider locale="not a tag">
        <Probe />
      </I18nProvider>,
    );
    expect(probe()).toBe('en|en|ltr|ltr|Connect wallet');
    // A tag that does need the loaders (a language without a catalogue: English stays): once they have been
    // called for it, a load started by the tags before it would have called them first.
    rerender(
      <I18nProvider locale="nl">
        <Probe />
      </I18nProvider>,
    );
    await waitFor(() => expect(loadLocale).toHaveBeenCalled());
    expect(loadLocale.mock.calls).toEqual([['nl']]);
    expect(probe()).toBe('en|en|ltr|ltr|Connect wallet');
  });

  it('loads another locale through the loaders, a language it does not speak staying English', async () => {
    const { rerender } = render(
      <I18nProvider locale="ar-EG">
        <ArkLocale>
          <Probe />
        </ArkLocale>
      </I18nProvider>,
    );
    expect(probe()).toBe('en|en|ltr|ltr|Connect wallet');
    await waitFor(() => expect(probe()).toBe('ar-EG|ar|rtl|rtl|ربط المحفظة'));
    expect(loadLocale).toHaveBeenCalledWith('ar-EG');
    rerender(
      <I18nProvider locale="nl">
        <ArkLocale>
          <Probe />
        </ArkLocale>
      </I18nProvider>,
    );
    await waitFor(() => expect(probe()).toBe('en|en|ltr|ltr|Connect wallet'));
    expect(loadLocale).toHaveBeenLastCalledWith('nl');
  });
});
