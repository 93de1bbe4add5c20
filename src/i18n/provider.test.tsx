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
    // No tag: the visitor's language, jsdom's en-US, is English (written for en-US), and the root follows the page.
    expect(probe()).toBe('en-US|en|-|ltr|Connect wallet');
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
      <I18nProvider locale="sw">
        <Probe />
      </I18nProvider>,
    );
    await waitFor(() => expect(loadLocale).toHaveBeenCalled());
    expect(loadLocale.mock.calls).toEqual([['sw']]);
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
      <I18nProvider locale="sw">
        <ArkLocale>
          <Probe />
        </ArkLocale>
      </I18nProvider>,
    );
    await waitFor(() => expect(probe()).toBe('en|en|ltr|ltr|Connect wallet'));
    expect(loadLocale).toHaveBeenLastCalledWith('sw');
  });

  describe("without a host tag: the visitor's language", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    afterEach(() => languages.mockReset());

    it('picks the best shipped match of navigator.languages, right to left for Persian', async () => {
      languages.mockReturnValue(['sw-KE', 'fa-IR', 'en']);
      render(
        <I18nProvider>
          <ArkLocale>
            <Probe />
          </ArkLocale>
        </I18nProvider>,
      );
      await waitFor(() => expect(probe()).toMatch(/^fa-IR\|fa\|rtl\|rtl\|/));
      expect(probe()).not.toContain('Connect wallet');
      expect(loadLocale).toHaveBeenCalledWith('fa');
    });

    it('follows a change of the languages; a host tag given at run time wins', async () => {
      languages.mockReturnValue(['pt-PT']);
      const { rerender } = render(
        <I18nProvider>
          <Probe />
        </I18nProvider>,
      );
      await waitFor(() => expect(probe()).toMatch(/^pt-PT\|pt-BR\|ltr\|/));
      languages.mockReturnValue(['de-AT', 'en']);
      window.dispatchEvent(new Event('languagechange'));
      await waitFor(() => expect(probe()).toBe('de-AT|de|ltr|ltr|Wallet verbinden'));
      rerender(
        <I18nProvider locale="ja">
          <Probe />
        </I18nProvider>,
      );
      await waitFor(() => expect(probe()).toMatch(/^ja\|ja\|ltr\|ltr\|/));
    });

    it('a provider told not to follow the visitor, and the providers inside it, show English', async () => {
      languages.mockReturnValue(['de-DE']);
      render(
        <I18nProvider visitorLanguage={false}>
          <I18nProvider>
            <Probe />
          </I18nProvider>
        </I18nProvider>,
      );
      await vi.dynamicImportSettled();
      expect(probe()).toBe('en|en|-|ltr|Connect wallet');
      expect(loadLocale).not.toHaveBeenCalled();
    });

    it('an English first language, or none, loads nothing', async () => {
      languages.mockReturnValue(['en-GB', 'de']);
      const { unmount } = render(
        <I18nProvider>
          <Probe />
        </I18nProvider>,
      );
      expect(probe()).toBe('en-GB|en|-|ltr|Connect wallet');
      unmount();
      languages.mockReturnValue([]);
      const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('');
      render(
        <I18nProvider>
          <Probe />
        </I18nProvider>,
      );
      expect(probe()).toBe('en|en|-|ltr|Connect wallet');
      language.mockRestore();
      await vi.dynamicImportSettled();
      expect(loadLocale).not.toHaveBeenCalled();
    });
  });
});
