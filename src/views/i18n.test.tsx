import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cooldownMessage, ERROR_MESSAGES, registerNameErrorMessage, TOAST_MESSAGES } from '../core/errors';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { formatMessage } from '../i18n/message';
import { withParts } from '../i18n/parts';
import { translateKnown, useMessages } from '../i18n/useMessages';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { ThemeScope } from '../theme/ThemeScope';
import { ConnectButton } from './ConnectButton';
import { KeywayToasts } from './KeywayToasts';

const instances: Keyway[] = [];
afterEach(() => {
  cleanup();
  for (const k of instances.splice(0)) k.destroy();
});

function make(extra: Partial<Parameters<typeof createKeyway>[0]> = {}) {
  const kw = createKeyway(
    { projectId: 'test-project', networks: [keywayLocal], storage: createMemoryStorage(), ...extra },
    { optionalConnectors: false },
  );
  instances.push(kw);
  return kw;
}

function Kit({ keyway, locale }: { keyway: Keyway; locale?: string }) {
  return (
    <KeywayProvider keyway={keyway} {...(locale ? { locale } : {})}>
      <ThemeScope data-testid="root">
        <ConnectButton />
        <KeywayToasts />
      </ThemeScope>
    </KeywayProvider>
  );
}

describe('locale', () => {
  it('shows English without a locale, and leaves the direction to the page', () => {
    render(<Kit keyway={make()} />);
    expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeTruthy();
    expect(screen.getByTestId('root').hasAttribute('dir')).toBe(false);
  });

  it('loads the locale option’s catalogue, and follows the provider’s locale prop at run time', async () => {
    const keyway = make({ locale: 'de-AT' });
    const { rerender } = render(<Kit keyway={keyway} />);
    expect(await screen.findByRole('button', { name: 'Wallet verbinden' })).toBeTruthy();
    expect(screen.getByTestId('root').getAttribute('dir')).toBe('ltr');
    rerender(<Kit keyway={keyway} locale="en" />);
    expect(await screen.findByRole('button', { name: 'Connect wallet' })).toBeTruthy();
    rerender(<Kit keyway={keyway} locale="de" />);
    expect(await screen.findByRole('button', { name: 'Wallet verbinden' })).toBeTruthy();
  });

  it('shows a §8 toast in the locale while its English text stays the identifier in the store', async () => {
    const keyway = make({ locale: 'de' });
    render(<Kit keyway={keyway} />);
    await screen.findByRole('button', { name: 'Wallet verbinden' });
    act(() => {
      keyway.stores.toasts.getState().show({ message: TOAST_MESSAGES.fetchTransactions, variant: 'error' });
    });
    expect(await screen.findByText('Transaktionen konnten nicht geladen werden')).toBeTruthy();
    expect(keyway.stores.toasts.getState().toasts[0]?.message).toBe('Failed to fetch transactions');
    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toBeTruthy();
  });

  it('applies the messages option over every locale', async () => {
    const keyway = make({ locale: 'de', messages: { connectButton: { label: 'Jetzt verbinden' } } });
    render(<Kit keyway={keyway} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Jetzt verbinden' })).toBeTruthy());
  });
});

describe('withParts', () => {
  it('places elements where the translation puts them, as one sentence', () => {
    const message = (msg: string) => (values: { terms: string | number; privacy: string | number }) =>
      formatMessage(msg, values, 'de');
    const parts = {
      terms: <a href="https://example.com/terms">Nutzungsbedingungen</a>,
      privacy: <a href="https://example.com/privacy">Datenschutzerklärung</a>,
    };
    render(
      <p data-testid="consent">{withParts(message('Ich stimme den {terms} und der {privacy} zu'), parts)}</p>,
    );
    expect(screen.getByTestId('consent').textContent).toBe(
      'Ich stimme den Nutzungsbedingungen und der Datenschutzerklärung zu',
    );
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );
    cleanup();
    render(<p data-testid="consent">{withParts(message('{privacy} と {terms}'), parts)}</p>);
    expect(screen.getByTestId('consent').textContent).toBe('Datenschutzerklärung と Nutzungsbedingungen');
  });
});

function Shown({ message }: { message: string | null }) {
  return <p data-testid="shown">{translateKnown(useMessages(), message)}</p>;
}

describe('translateKnown', () => {
  it('shows a §8 message, the cooldown and the name registration error in the locale; other texts as they are', async () => {
    const keyway = make({ locale: 'de' });
    const { rerender } = render(
      <KeywayProvider keyway={keyway}>
        <Shown message={ERROR_MESSAGES.requestAborted} />
      </KeywayProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('Anfrage wurde abgebrochen'));
    const show = (message: string | null) =>
      rerender(
        <KeywayProvider keyway={keyway}>
          <Shown message={message} />
        </KeywayProvider>,
      );
    show(cooldownMessage(1));
    expect(screen.getByTestId('shown').textContent).toBe('Bitte versuche es in 1 Sekunde erneut');
    show(cooldownMessage(30));
    expect(screen.getByTestId('shown').textContent).toBe('Bitte versuche es in 30 Sekunden erneut');
    show(registerNameErrorMessage('alice.kw'));
    expect(screen.getByTestId('shown').textContent).toBe('Name alice.kw konnte nicht registriert werden');
    show('User rejected the request.');
    expect(screen.getByTestId('shown').textContent).toBe('User rejected the request.');
    show(null);
    expect(screen.getByTestId('shown').textContent).toBe('');
  });
});
