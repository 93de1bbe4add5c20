import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentCurrency } from '../api/schemas';
import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { OtpInput } from '../components/OtpInput/OtpInput';
import { TransactionRow } from '../components/TransactionRow/TransactionRow';
import { type KitMessage, kitMessage } from '../core/messages';
import { keywayLocal } from '../core/networks';
import { createMemoryStorage } from '../core/storage';
import { AUTH_CONNECTOR_NAME } from '../frame/connector/connector';
import { getConnectStore } from '../hooks/connect/instance';
import type { WalletBadge, WalletEntry } from '../hooks/connect/wallets';
import { KeywayProvider } from '../hooks/KeywayProvider';
import { nameRuleMessage } from '../hooks/names/validation';
import { checkFiatAmount } from '../hooks/onramp/limits';
import { toTransactionItem } from '../hooks/transactions/format';
import { compileMessages } from '../i18n/context';
import { en } from '../i18n/en';
import { englishText } from '../i18n/english';
import { CATALOGUE_LOADERS } from '../i18n/loaders';
import { formatMessage } from '../i18n/message';
import { MESSAGE_CODES, messageText } from '../i18n/messageText';
import { withParts } from '../i18n/parts';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { createKeyway, type Keyway } from '../instance/createKeyway';
import { ThemeScope } from '../theme/ThemeScope';
import { ConnectButton } from './ConnectButton';
import { otpDigitText, tooManyDecimalsText, transactionRowLabels } from './componentTexts';
import { KeywayModal } from './KeywayModal';
import { KeywayToasts } from './KeywayToasts';
import { ActivityRow } from './TransactionsView';

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

  it('shows a §8 toast in the locale while the store keeps its code', async () => {
    const keyway = make({ locale: 'de' });
    render(<Kit keyway={keyway} />);
    await screen.findByRole('button', { name: 'Wallet verbinden' });
    act(() => {
      keyway.stores.toasts.getState().show({ message: kitMessage('fetchTransactions'), variant: 'error' });
    });
    expect(await screen.findByText('Transaktionen konnten nicht geladen werden')).toBeTruthy();
    expect(keyway.stores.toasts.getState().toasts[0]?.message).toEqual({ code: 'fetchTransactions' });
    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toBeTruthy();
  });

  it('gives the Ark UI parts of the modal the locale’s direction (the dialog was left to right in Arabic)', async () => {
    const keyway = make({ locale: 'ar' });
    render(
      <KeywayProvider keyway={keyway}>
        <KeywayModal preload="open" />
      </KeywayProvider>,
    );
    act(() => keyway.stores.modal.getState().open('AllWallets'));
    const dialog = await screen.findByRole('dialog', { name: 'كل المحافظ' }, { timeout: 30_000 });
    expect(dialog.getAttribute('dir')).toBe('rtl');
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

function Shown({ message }: { message: KitMessage | null }) {
  return <p data-testid="shown">{useMessageText()(message)}</p>;
}

describe('messageText', () => {
  it('writes a §8 message, the cooldown and the name registration error in the locale; a reason as it is', async () => {
    const keyway = make({ locale: 'de' });
    const { rerender } = render(
      <KeywayProvider keyway={keyway}>
        <Shown message={kitMessage('requestAborted')} />
      </KeywayProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('Anfrage wurde abgebrochen'));
    const show = (message: KitMessage | null) =>
      rerender(
        <KeywayProvider keyway={keyway}>
          <Shown message={message} />
        </KeywayProvider>,
      );
    show(kitMessage('cooldown', { seconds: 1 }));
    expect(screen.getByTestId('shown').textContent).toBe('Bitte versuche es in 1 Sekunde erneut');
    show(kitMessage('cooldown', { seconds: 30 }));
    expect(screen.getByTestId('shown').textContent).toBe('Bitte versuche es in 30 Sekunden erneut');
    show(kitMessage('registerName', { name: 'alice.kw' }));
    expect(screen.getByTestId('shown').textContent).toBe('Name alice.kw konnte nicht registriert werden');
    show(kitMessage('walletError', undefined, 'User rejected the request.'));
    expect(screen.getByTestId('shown').textContent).toBe('User rejected the request.');
    show(null);
    expect(screen.getByTestId('shown').textContent).toBe('');
  });
});

const PAYMENT_CURRENCY: PaymentCurrency = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
};

/** A value for each placeholder a code can name. */
const SAMPLE_VALUES = {
  symbol: 'USDC',
  decimals: 6,
  name: 'alice.kw.id',
  amount: '1.5',
  from: 'ETH',
  toAmount: '3000',
  to: 'USDC',
  min: '10.00',
  max: '500.00',
  bankMax: '25000.00',
  currency: 'USD',
  method: 'card',
  network: 'Polygon',
  seconds: 5,
  email: 'ada@example.com',
  party: '0x7099…79C8',
  wallet: 'Rainbow',
};

/** Codes whose text may read the same in German as in English (a name, a word both languages use). */
const SAME_IN_GERMAN: ReadonlySet<string> = new Set(['pairingUnavailable', 'historyTransaction']);

describe('the code → text table', () => {
  it('gives every code a text in every locale, with every placeholder filled', async () => {
    const english = compileMessages(en, 'en', formatMessage);
    const locales = Object.entries(CATALOGUE_LOADERS);
    expect(locales.length).toBeGreaterThanOrEqual(11);
    for (const [locale, load] of locales) {
      const catalogue = (await load!()).default;
      const m = compileMessages(en, locale, formatMessage, catalogue);
      for (const code of MESSAGE_CODES) {
        const text = messageText(m, kitMessage(code, SAMPLE_VALUES), locale);
        expect(text, `${locale} ${code}`).not.toBe('');
        expect(text, `${locale} ${code}`).not.toMatch(/[{}]/);
        if (locale === 'de' && !SAME_IN_GERMAN.has(code))
          expect(text, `de ${code}`).not.toBe(messageText(english, kitMessage(code, SAMPLE_VALUES), 'en'));
      }
    }
  });
});

function TextList({ messages }: { messages: readonly (KitMessage | null)[] }) {
  const say = useMessageText();
  return (
    <ul>
      {messages.map((msg, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <li key={i}>{say(msg)}</li>
      ))}
    </ul>
  );
}

const shownList = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('form messages', () => {
  it('shows limits with the locale’s numbers and the payment method in the locale', async () => {
    const above = checkFiatAmount('600', PAYMENT_CURRENCY, 'card');
    expect(above.message).toEqual(
      kitMessage('aboveMaximum', { method: 'card', max: '500.00', currency: 'USD', bankMax: '25000.00' }),
    );
    expect(englishText(above.message)).toBe(
      'The maximum by card is 500.00 USD. Pay by bank transfer for amounts up to 25,000.00 USD',
    );
    const messages = [
      checkFiatAmount('5', PAYMENT_CURRENCY, 'card').message,
      above.message,
      kitMessage('tooManyDecimals', { symbol: 'USDC', decimals: 6 }),
      kitMessage('review'),
      kitMessage('enterReceiver'),
      nameRuleMessage('tooShort'),
    ];
    render(
      <KeywayProvider keyway={make({ locale: 'de' })}>
        <TextList messages={messages} />
      </KeywayProvider>,
    );
    await screen.findByText('Tausch prüfen');
    expect(shownList()).toEqual([
      'Der Mindestkauf beträgt 10,00 USD',
      'Das Maximum per Karte beträgt 500,00 USD. Zahle per Banküberweisung für Beträge bis 25.000,00 USD',
      'USDC hat höchstens 6 Dezimalstellen',
      'Tausch prüfen',
      'Empfänger eingeben',
      'Mindestens 4 Zeichen verwenden',
    ]);
  });

  it('shows what a wallet or an API said as it is', async () => {
    const said = ['Execution reverted. Out of gas', 'The minimum purchase is 10.00 USD. Call us'];
    render(
      <KeywayProvider keyway={make({ locale: 'de' })}>
        <TextList
          messages={[
            kitMessage('walletError', undefined, said[0]),
            kitMessage('apiError', undefined, said[1]),
            kitMessage('review'),
          ]}
        />
      </KeywayProvider>,
    );
    await screen.findByText('Tausch prüfen');
    expect(shownList().slice(0, 2)).toEqual(said);
  });
});

function ComponentTexts({ badge }: { badge: WalletBadge }) {
  const m = useMessages();
  return (
    <>
      <TransactionRow
        direction="self"
        title="ETH"
        amount="0.1 ETH"
        status="pending"
        explorerUrl="https://explorer.example/tx/1"
        labels={transactionRowLabels(m)}
      />
      <NetworkBadge name="Chain 99999" unsupported unsupportedLabel={m.components.unsupportedNetwork} />
      <p data-testid="badge">{m.wallets[badge]}</p>
      <p data-testid="decimals">{tooManyDecimalsText(m)(1)}</p>
      <OtpInput label={m.updateEmail.codeLabel} digitLabel={otpDigitText(m)} />
    </>
  );
}

describe('component texts', () => {
  it('come from the catalogue of the locale', async () => {
    render(
      <KeywayProvider keyway={make({ locale: 'de' })}>
        <ComponentTexts badge="Installed" />
      </KeywayProvider>,
    );
    expect(await screen.findByRole('img', { name: 'Eigenüberweisung' })).toBeTruthy();
    expect(screen.getByText('Ausstehend')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Im Explorer ansehen/ })).toBeTruthy();
    expect(screen.getByText('Nicht unterstütztes Netzwerk')).toBeTruthy();
    expect(screen.getByTestId('badge').textContent).toBe('Installiert');
    expect(screen.getByTestId('decimals').textContent).toBe('Höchstens 1 Dezimalstelle verwenden');
    expect(screen.getByRole('textbox', { name: 'Ziffer 1 von 6' })).toBeTruthy();
  });
});

describe('messages the stores keep as data', () => {
  it('shows a toast that is not a §8 one in the locale once the views are loaded; the store keeps its code', async () => {
    const keyway = make({ locale: 'de' });
    render(<Kit keyway={keyway} />);
    await screen.findByRole('button', { name: 'Wallet verbinden' });
    const shown = [
      kitMessage('sent', { amount: '0.5', symbol: 'USDC' }),
      kitMessage('unsupportedChain'),
      kitMessage('swapped', { amount: '1.5', from: 'ETH', toAmount: '3000', to: 'USDC' }),
    ];
    act(() => {
      for (const message of shown) keyway.stores.toasts.getState().show({ message, variant: 'success' });
    });
    expect(await screen.findByText('1,5 ETH gegen 3.000 USDC getauscht')).toBeTruthy();
    expect(await screen.findByText('0,5 USDC gesendet')).toBeTruthy();
    expect(screen.getByText('Nicht unterstütztes Netzwerk')).toBeTruthy();
    expect(keyway.stores.toasts.getState().toasts.map((t) => t.message)).toEqual(shown);
  });

  it('writes a history row’s title in the locale while the item keeps it as data', async () => {
    const item = toTransactionItem(
      {
        id: 'tx-1',
        metadata: {
          operationType: 'receive',
          hash: `0x${'ab'.repeat(32)}`,
          minedAt: '2026-01-15T12:00:00Z',
          sentFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          sentTo: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          status: 'confirmed',
          chain: keywayLocal.id,
        },
        transfers: [
          {
            direction: 'in',
            quantity: { numeric: '250' },
            fungible_info: { symbol: 'USDC', name: 'USD Coin' },
          },
        ],
      } as unknown as Parameters<typeof toTransactionItem>[0],
      [keywayLocal],
    );
    if (!item) throw new Error('the row is hidden');
    expect(item.title).toEqual(kitMessage('historyReceived', { symbol: 'USDC' }));
    render(
      <KeywayProvider keyway={make({ locale: 'de' })}>
        <ActivityRow item={item} />
      </KeywayProvider>,
    );
    expect(await screen.findByText('USDC empfangen')).toBeTruthy();
    expect(screen.queryByText('Received USDC')).toBeNull();
    // The counterparty too: the store keeps the shortened address, the row says it in German.
    expect(item.counterparty).toEqual(kitMessage('historyFrom', { party: '0x7099…79C8' }));
    expect(screen.getByText('von 0x7099…79C8')).toBeTruthy();
  });

  it('titles the modal with the embedded wallet’s name in the locale while it connects', async () => {
    const keyway = make({ locale: 'de' });
    render(
      <KeywayProvider keyway={keyway}>
        <ConnectButton />
        <KeywayModal />
      </KeywayProvider>,
    );
    await screen.findByRole('button', { name: 'Wallet verbinden' });
    act(() => {
      getConnectStore(keyway).setState({
        attempt: {
          wallet: { id: 'w3mAuth', name: AUTH_CONNECTOR_NAME } as WalletEntry,
          via: 'connector',
          status: 'connecting',
          error: null,
        },
      });
      keyway.stores.modal.getState().open('ConnectingExternal');
    });
    expect(await screen.findByRole('dialog', { name: 'E-Mail & Social' })).toBeTruthy();
  });
});
