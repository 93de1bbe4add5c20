import { Button } from '../components/Button/Button';
import { SuccessIcon } from '../components/Icon/Icon';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useNameRegistration } from '../hooks/names/useNameRegistration';
import { useMessages } from '../i18n/useMessages';
import * as r from './RegisterAccountName.css';
import * as s from './shared.css';

/** After a registration (spec §2 RegisterAccountNameSuccess): the name and the address it points to. */
export function RegisterAccountNameSuccessView() {
  const m = useMessages();
  const T = m.registerName;
  const reg = useNameRegistration({ loadNames: false });
  const address = useKeywayStore('account', (a) => a.address);
  const { reset } = useModal();
  const name = reg.registeredName ? capText(reg.registeredName, MAX_TEXT.name) : null;
  return (
    <div className={s.status} data-kw-view="RegisterAccountNameSuccess">
      <SuccessIcon size={40} aria-hidden="true" />
      <h3>{T.successTitle}</h3>
      {name ? (
        <p className={r.name} data-kw-registered-name={name}>
          {name}
        </p>
      ) : null}
      {address ? <p className={r.address}>{address}</p> : null}
      <p className={s.muted}>{T.successExplanation}</p>
      <Button
        fullWidth
        onClick={() => {
          reg.reset();
          reset('Account');
        }}
      >
        {m.common.done}
      </Button>
    </div>
  );
}
