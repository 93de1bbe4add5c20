/**
 * The headless auth API the login views and hooks call (email, social, device, update email, theme and
 * dapp data, user, connection state, sign out). It wraps the frame client, whose methods apply the
 * login-cache rules of spec §4, and adds:
 * - the email-login cooldown: one trigger per 30 s, else 'Please try again after N seconds' (spec §5, §9);
 * - spec §8: every method logs the error and rethrows it.
 */
import { KeywayError } from '../../core/errors.ts';
import type { FrameClient } from '../client/client.ts';
import type { SocialProvider } from '../login-cache.ts';
import type { FrameUser, RequestPayload, SuccessPayload } from '../protocol/events.ts';
import type { AccountType } from '../protocol/fields.ts';

export interface AuthLogger {
  error(...args: unknown[]): void;
}

export interface AuthConnectorApiOptions {
  client: FrameClient;
  /** Where errors are logged before they are rethrown. Default: console. */
  logger?: AuthLogger;
}

export interface AuthConnectorApi {
  connectEmail(payload: RequestPayload<'CONNECT_EMAIL'>): Promise<SuccessPayload<'CONNECT_EMAIL'>>;
  /** Milliseconds until `connectEmail` may be called again (0 when allowed). */
  emailCooldownRemainingMs(): number;
  connectOtp(payload: RequestPayload<'CONNECT_OTP'>): Promise<void>;
  connectDevice(): Promise<void>;
  getSocialRedirectUri(
    payload: RequestPayload<'GET_SOCIAL_REDIRECT_URI'>,
  ): Promise<SuccessPayload<'GET_SOCIAL_REDIRECT_URI'>>;
  connectSocial(payload: RequestPayload<'CONNECT_SOCIAL'>): Promise<FrameUser>;
  getFarcasterUri(): Promise<SuccessPayload<'GET_FARCASTER_URI'>>;
  connectFarcaster(): Promise<SuccessPayload<'CONNECT_FARCASTER'>>;
  updateEmail(payload: RequestPayload<'UPDATE_EMAIL'>): Promise<SuccessPayload<'UPDATE_EMAIL'>>;
  updateEmailPrimaryOtp(payload: RequestPayload<'UPDATE_EMAIL_PRIMARY_OTP'>): Promise<void>;
  updateEmailSecondaryOtp(
    payload: RequestPayload<'UPDATE_EMAIL_SECONDARY_OTP'>,
  ): Promise<SuccessPayload<'UPDATE_EMAIL_SECONDARY_OTP'>>;
  syncTheme(payload: RequestPayload<'SYNC_THEME'>): Promise<void>;
  syncDappData(payload: RequestPayload<'SYNC_DAPP_DATA'>): Promise<void>;
  getUser(payload: RequestPayload<'GET_USER'>): Promise<FrameUser>;
  isConnected(): Promise<SuccessPayload<'IS_CONNECTED'>>;
  signOut(): Promise<void>;
  /** Values kept by the login cache, for views (who is logged in and how). */
  getEmail(): string | null;
  getSocialUsername(): string | null;
  getSocialProvider(): SocialProvider | null;
  getPreferredAccountType(): AccountType;
}

export function createAuthConnectorApi({
  client,
  logger = console,
}: AuthConnectorApiOptions): AuthConnectorApi {
  const cache = client.loginCache;

  async function logged<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      logger.error(`Keyway auth: ${name} failed`, error);
      throw error;
    }
  }

  return {
    connectEmail: (payload) =>
      logged('connectEmail', async () => {
        const remaining = cache.emailCooldownRemainingMs();
        if (remaining > 0)
          throw KeywayError.of('cooldown', undefined, { seconds: Math.ceil(remaining / 1000) });
        return client.connectEmail(payload);
      }),
    emailCooldownRemainingMs: () => cache.emailCooldownRemainingMs(),
    connectOtp: (payload) => logged('connectOtp', () => client.connectOtp(payload)),
    connectDevice: () => logged('connectDevice', () => client.connectDevice()),
    getSocialRedirectUri: (payload) =>
      logged('getSocialRedirectUri', () => client.getSocialRedirectUri(payload)),
    connectSocial: (payload) => logged('connectSocial', () => client.connectSocial(payload)),
    getFarcasterUri: () => logged('getFarcasterUri', () => client.getFarcasterUri()),
    connectFarcaster: () => logged('connectFarcaster', () => client.connectFarcaster()),
    updateEmail: (payload) => logged('updateEmail', () => client.updateEmail(payload)),
    updateEmailPrimaryOtp: (payload) =>
      logged('updateEmailPrimaryOtp', () => client.updateEmailPrimaryOtp(payload)),
    updateEmailSecondaryOtp: (payload) =>
      logged('updateEmailSecondaryOtp', () => client.updateEmailSecondaryOtp(payload)),
    syncTheme: (payload) => logged('syncTheme', () => client.syncTheme(payload)),
    syncDappData: (payload) => logged('syncDappData', () => client.syncDappData(payload)),
    getUser: (payload) => logged('getUser', () => client.getUser(payload)),
    isConnected: () => logged('isConnected', () => client.isConnected()),
    signOut: () => logged('signOut', () => client.signOut()),
    getEmail: () => cache.email(),
    getSocialUsername: () => cache.socialUsername(),
    getSocialProvider: () => cache.socialProvider(),
    getPreferredAccountType: () => cache.preferredAccountType(),
  };
}
