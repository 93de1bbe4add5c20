/** Shared setup of the name-registration stories (RegisterAccountNameView, RegisterAccountNameSuccessView). */
import { userEvent, within } from 'storybook/test';
import { getNameRegistrationStore } from '../../src/hooks/names/instance';
import type { RegistrationTypedData } from '../../src/hooks/names/typedData';
import type { MockVariant } from '../../src/testing/msw';
import { type StoryKit, type StoryKitOptions, storyHandlers } from '../_support/keyway';
import { dialog } from './_embedded';
import { socialKit } from './_social';

/** How the embedded wallet answers the signature request in a story. */
type SignMode = 'approve' | 'reject' | 'hold';
const FAKE_SIGNATURE = `0x${'ab'.repeat(65)}` as const;
/** The typed data the embedded wallet was asked to sign (eth_signTypedData_v4). */
export const signed: RegistrationTypedData[] = [];

/** The modal on the name form of an embedded-wallet account; the signature is answered per `mode`. */
export const registerKit = (
  mode: SignMode = 'approve',
  extra: { openAccount?: boolean; openSettings?: boolean } = {},
): StoryKitOptions => ({
  ...socialKit({
    connected: true,
    setup: (kit: StoryKit) => {
      signed.length = 0;
      getNameRegistrationStore(kit.keyway);
      const m = kit.keyway.stores.modal.getState();
      m.open('Account');
      if (extra.openSettings) m.push('AccountSettings');
      else if (!extra.openAccount) m.push('RegisterAccountName');
    },
  }),
  partDeps: {
    names: {
      debounceMs: 150,
      signTypedData: (typedData: RegistrationTypedData) => {
        signed.push(typedData);
        if (mode === 'hold') return new Promise(() => undefined);
        if (mode === 'reject') {
          return Promise.reject(
            Object.assign(new Error('User rejected the request.'), {
              code: 4001,
              shortMessage: 'User rejected the request.',
            }),
          );
        }
        return Promise.resolve(FAKE_SIGNATURE);
      },
    },
  },
});

export const handlers = (variants: Partial<Record<string, MockVariant>> = {}) =>
  storyHandlers({ blockchain: { identity: { name: null, avatar: null }, variants } });

export const form = () => dialog('Choose your name');
export const nameField = (d: HTMLElement) => within(d).getByRole('textbox', { name: 'Name' });
export async function typeName(value: string) {
  const d = await form();
  const field = await within(d).findByRole('textbox', { name: 'Name' }, { timeout: 15_000 });
  await userEvent.clear(field);
  await userEvent.type(field, value);
  return d;
}
export async function typeAvailable(value: string) {
  const d = await typeName(value);
  await within(d).findByText(`${value}.kw.id is available`, {}, { timeout: 10_000 });
  return d;
}
