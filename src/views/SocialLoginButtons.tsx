import {
  SOCIAL_LOGIN_PROVIDERS,
  SOCIAL_PROVIDER_NAMES,
  type SocialLoginProvider,
} from '../hooks/social/store';
import { useSocialLogin } from '../hooks/social/useSocialLogin';
import { useMessages } from '../i18n/useMessages';
import * as c from './SocialLogin.css';
import { BrandIcon } from './socialIcons';

/** A provider's brand mark on a tile (decorative; the button carries the name). */
export function SocialMark({
  provider,
  size = 'sm',
}: {
  provider: SocialLoginProvider | 'farcaster';
  size?: 'sm' | 'lg';
}) {
  return (
    <span className={size === 'lg' ? c.bigMark : c.mark} aria-hidden="true" data-kw-social-mark={provider}>
      <BrandIcon provider={provider} size={size === 'lg' ? 36 : 20} />
    </span>
  );
}

/**
 * The social login row of the Connect view: one button per provider and Farcaster. A provider button
 * opens the login popup in the click handler itself (browsers block windows opened later).
 */
export function SocialLoginButtons() {
  const m = useMessages();
  const T = m.social;
  const social = useSocialLogin();
  if (!social.available) return null;
  return (
    <ul className={c.row} aria-label={T.group} data-kw-social-buttons="">
      {SOCIAL_LOGIN_PROVIDERS.map((provider) => (
        <li key={provider}>
          <button
            type="button"
            className={c.providerButton}
            aria-label={T.logInWith({ name: SOCIAL_PROVIDER_NAMES[provider] })}
            title={SOCIAL_PROVIDER_NAMES[provider]}
            onClick={() => void social.connectSocial(provider)}
          >
            <SocialMark provider={provider} />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          className={c.providerButton}
          aria-label={T.logInWith({ name: SOCIAL_PROVIDER_NAMES.farcaster })}
          title={SOCIAL_PROVIDER_NAMES.farcaster}
          onClick={() => void social.connectFarcaster()}
        >
          <SocialMark provider="farcaster" />
        </button>
      </li>
    </ul>
  );
}
