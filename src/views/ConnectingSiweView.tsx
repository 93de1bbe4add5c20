import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useKeyway } from '../hooks/context';
import { useSiwe } from '../hooks/siwe/useSiwe';
import * as c from './ConnectingSiweView.css';
import * as s from './shared.css';

export const SIWE_TEXTS = {
  title: (app: string) => `${app} wants you to sign in`,
  explanation: 'Sign a message with your wallet to prove you own this account. It costs nothing.',
  sign: 'Sign',
  cancel: 'Cancel',
  signing: 'Approve the signature request in your wallet',
  verifying: 'Verifying the signature…',
  declined: 'Signature declined',
  failed: 'Sign-in failed',
  retry: 'Try again',
  signedIn: 'Signed in',
  message: 'Message to sign',
} as const;

/** Sign-in with wallet: the message preview, Sign/Cancel, then signing → verifying → done, or an error. */
export function ConnectingSiweView() {
  const { options } = useKeyway();
  const { status, message, error, declined, signIn, cancel } = useSiwe();
  const app = options.metadata?.name ?? 'This app';
  const busy = status === 'signing' || status === 'verifying';
  return (
    <div className={s.status} data-kw-view="ConnectingSiwe" data-status={status}>
      <Text variant="title" as="h3">
        {SIWE_TEXTS.title(app)}
      </Text>
      {status === 'idle' ? <p className={s.muted}>{SIWE_TEXTS.explanation}</p> : null}
      {busy ? (
        <p className={s.muted} role="status">
          <Spinner size="sm" label={null} />{' '}
          {status === 'signing' ? SIWE_TEXTS.signing : SIWE_TEXTS.verifying}
        </p>
      ) : null}
      {status === 'success' ? <p role="status">{SIWE_TEXTS.signedIn}</p> : null}
      {status === 'error' ? (
        <>
          <Text variant="label">{declined ? SIWE_TEXTS.declined : SIWE_TEXTS.failed}</Text>
          <p className={s.errorText} role="alert">
            {error}
          </p>
        </>
      ) : null}
      {message ? (
        <section aria-label={SIWE_TEXTS.message} className={c.preview}>
          <pre className={c.pre} data-kw-siwe-message="">
            {message}
          </pre>
        </section>
      ) : null}
      <div className={s.actions}>
        <Button
          variant="secondary"
          disabled={status === 'success'}
          onClick={() => void cancel().catch(() => undefined)}
        >
          {SIWE_TEXTS.cancel}
        </Button>
        <Button loading={busy} disabled={status === 'success'} onClick={() => void signIn()}>
          {status === 'error' ? SIWE_TEXTS.retry : SIWE_TEXTS.sign}
        </Button>
      </div>
    </div>
  );
}
