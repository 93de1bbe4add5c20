/**
 * The styled modal on a real instance (the story kit: msw-backed explorer, Blockchain API and RPC, the test
 * wallet), rendered as a host renders it, for the visual files that show Connect, Account, Send and Swap.
 * `modalKit()` registers the mock service worker's hooks in the calling file and returns its mounting helpers.
 */
import type { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type Locator, page } from 'vitest/browser';
import { getBalancesStore } from '../src/hooks/balances/instance';
import { KeywayProvider } from '../src/hooks/KeywayProvider';
import { en } from '../src/i18n/en';
import { directionOf, loadCatalogue } from '../src/i18n/loaders';
import type { Locale } from '../src/i18n/locales';
import type { Catalogue } from '../src/i18n/types';
import { createTheme } from '../src/theme';
import { KeywayModal } from '../src/views/KeywayModal';
import {
  createStoryKit,
  type StoryKit,
  type StoryKitOptions,
  storyHandlers,
} from '../stories/_support/keyway';
import { BUY_OPTIONS, buyHandlers } from '../stories/views/_buyData';
import { fillSend, sendHandlers } from '../stories/views/_sendData';
import { fillSwap, SWAP_OPTIONS, swapHandlers } from '../stories/views/_swapData';
import { onStoryChain } from '../stories/views/_walletData';
import { cleanup, type Mode, settle, show } from './harness';

export const MODAL_VIEWS = ['Connect', 'Account', 'Send', 'Swap'] as const;
/** The four views, Receive (a QR code), and Activity and Buy (their numbers) for the files that need them. */
export type ModalView = (typeof MODAL_VIEWS)[number] | 'WalletReceive' | 'Transactions' | 'OnRampProviders';

export async function catalogueOf(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return en;
  const catalogue = await loadCatalogue(locale);
  if (!catalogue) throw new Error(`no catalogue for ${locale}`);
  return catalogue;
}

interface Placement {
  locale: Locale;
  mode: Mode;
  width: number;
}

/** How each view is reached and when it is ready: its title and `ready` text shown, then `check`. */
const VIEWS: Record<
  ModalView,
  {
    handlers: () => RequestHandler[];
    kitOptions: StoryKitOptions;
    open: (kit: StoryKit) => Promise<void>;
    ready: (t: Catalogue) => string;
    check: (dialog: Locator, t: Catalogue) => Promise<void>;
  }
> = {
  Connect: {
    handlers: storyHandlers,
    kitOptions: {},
    open: async (kit) => kit.keyway.stores.modal.getState().open('Connect'),
    ready: (t) => t.connect.allWallets,
    check: async (dialog) => {
      await expect.element(dialog.getByRole('button', { name: /Keyway Dev Wallet/ })).toBeVisible();
    },
  },
  Account: {
    handlers: storyHandlers,
    // A trusted swap router on the network, so that the view offers Swap (as the baseline shows it).
    kitOptions: { connect: true, options: SWAP_OPTIONS },
    open: async (kit) => {
      await getBalancesStore(kit.keyway).getState().load();
      kit.keyway.stores.modal.getState().open('Account');
    },
    ready: (t) => t.walletFeatures.send,
    check: async (dialog, t) => {
      await expect.element(dialog.getByText(t.tokens.total, { exact: true })).toBeVisible();
    },
  },
  Send: {
    handlers: sendHandlers,
    kitOptions: { connect: true, setup: (k) => fillSend(k, { symbol: 'ETH', amount: '0.25' }) },
    // From the Account view, as a user gets there: the header shows Back.
    open: async (kit) => {
      kit.keyway.stores.modal.getState().open('Account');
      kit.keyway.stores.modal.getState().push('Send');
    },
    ready: (t) => t.send.fee,
    check: async (dialog, t) => {
      await expect.element(dialog.getByRole('button', { name: t.modal.back })).toBeVisible();
    },
  },
  Swap: {
    handlers: swapHandlers,
    kitOptions: { connect: true, options: SWAP_OPTIONS, setup: fillSwap({ to: 'USDC', amount: '1' }) },
    open: async (kit) => {
      kit.keyway.stores.modal.getState().open('Account');
      kit.keyway.stores.modal.getState().push('Swap');
    },
    ready: (t) => t.swap.priceImpact,
    check: async (dialog, t) => {
      await expect.element(dialog.getByRole('button', { name: t.modal.back })).toBeVisible();
    },
  },
  Transactions: {
    handlers: () => storyHandlers({ blockchain: { transactions: onStoryChain() } }),
    kitOptions: { connect: true },
    open: async (kit) => {
      kit.keyway.stores.modal.getState().open('Account');
      kit.keyway.stores.modal.getState().push('Transactions');
    },
    ready: (t) => t.titles.Transactions,
    check: async (dialog) => {
      // The list's code and its first page come after the title (later on a busy machine).
      await expect
        .poll(() => dialog.element().querySelectorAll('[data-kw-transaction]').length, { timeout: 20_000 })
        .toBeGreaterThan(3);
    },
  },
  OnRampProviders: {
    handlers: () => buyHandlers(),
    kitOptions: { connect: true, options: BUY_OPTIONS },
    open: async (kit) => {
      kit.keyway.stores.modal.getState().open('Account');
      kit.keyway.stores.modal.getState().push('OnRampProviders');
    },
    ready: (t) => t.buy.youPay,
    check: async (dialog, t) => {
      await expect.element(dialog.getByText(t.buy.paymentMethod, { exact: true })).toBeVisible();
    },
  },
  WalletReceive: {
    handlers: storyHandlers,
    kitOptions: { connect: true },
    open: async (kit) => {
      kit.keyway.stores.modal.getState().open('Account');
      kit.keyway.stores.modal.getState().push('WalletReceive');
    },
    ready: (t) => t.receive.copy,
    check: async (dialog, t) => {
      await expect.element(dialog.getByRole('img', { name: t.receive.qrLabel })).toBeVisible();
    },
  },
};

/** Registers the worker's hooks in the calling test file; returns the mounting helpers. */
export function modalKit() {
  const worker = setupWorker();
  let teardown: (() => void) | null = null;

  beforeAll(async () => {
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  });
  afterEach(() => {
    cleanup();
    teardown?.();
    teardown = null;
    worker.resetHandlers();
  });
  afterAll(() => worker.stop());

  /** A kit instance in `locale` with the given handlers and setup, rendered as a host renders the modal. */
  async function mount(
    { locale, mode, width }: Placement,
    handlers: RequestHandler[],
    kitOptions: StoryKitOptions,
    extra?: ReactNode,
  ): Promise<StoryKit> {
    worker.use(...handlers);
    const { kit, cleanup: dispose } = await createStoryKit({
      ...kitOptions,
      options: { ...kitOptions.options, locale },
    });
    teardown = dispose;
    const theme = createTheme({ mode });
    await show(
      <KeywayProvider keyway={kit.keyway}>
        <KeywayModal theme={theme} />
        {extra}
      </KeywayProvider>,
      { theme, width },
    );
    return kit;
  }

  /**
   * The modal open on `view`, once its title and texts are shown in the locale (never the English that stands
   * in while a catalogue loads), in the locale's direction, with fonts and images settled.
   */
  async function openView(view: ModalView, placement: Placement) {
    const t = await catalogueOf(placement.locale);
    const spec = VIEWS[view];
    const kit = await mount(placement, spec.handlers(), spec.kitOptions);
    await spec.open(kit);
    const dialog = page.getByRole('dialog', { name: t.titles[view] });
    await expect.element(dialog, { timeout: 20_000 }).toBeVisible();
    await expect
      .element(dialog.getByText(spec.ready(t), { exact: true }).first(), { timeout: 20_000 })
      .toBeVisible();
    const root = dialog.element().closest('[data-keyway]');
    expect(root?.getAttribute('dir')).toBe(directionOf(placement.locale));
    await spec.check(dialog, t);
    await settle();
    return { dialog, kit, t };
  }

  return { mount, openView };
}
