import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { Spinner } from '../components/Spinner/Spinner';
import { Text } from '../components/Text/Text';
import { useKeyway } from '../hooks/context';
import { useSiwe } from '../hooks/siwe/useSiwe';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as c from './ConnectingSiweView.css';
import * as s from './shared.css';

/** Sign-in with wallet: the message preview, Sign/Cancel, then signing → verifying → done, or an error. */
export function ConnectingSiweView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.siwe;
  const { options } = useKeyway();
  const { status, message, error, declined, signIn, cancel } = useSiwe();
  const app = options.metadata?.name ?? T.thisApp;
  const busy = status === 'signing' || status === 'verifying';
  return (
    <div className={s.status} data-kw-view="ConnectingSiwe" data-status={status}>
      <Text variant="title" as="h3">
        {T.title({ app })}
      </Text>
      {/* While the host's session is checked (an account just connected), Sign is offered as before. */}
      {status === 'idle' || status === 'checking' ? <p className={s.muted}>{T.explanation}</p> : null}
      <StatusRegion>
        {busy ? (
          <p className={s.muted}>
            <Spinner size="sm" label={null} /> {status === 'signing' ? T.signing : T.verifying}
          </p>
        ) : null}
        {status === 'success' ? <p>{T.signedIn}</p> : null}
      </StatusRegion>
      {status === 'error' ? (
        <>
          <Text variant="label">{declined ? T.declined : T.failed}</Text>
          <p className={s.errorText} role="alert">
            {say(error)}
          </p>
        </>
      ) : null}
      {message ? (
        <section aria-label={T.message} className={c.preview}>
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
          {m.common.cancel}
        </Button>
        <Button loading={busy} disabled={status === 'success'} onClick={() => void signIn()}>
          {status === 'error' ? m.common.retry : T.sign}
        </Button>
      </div>
    </div>
  );
}
