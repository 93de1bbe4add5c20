import { Button } from '../components/Button/Button';
import { SuccessIcon } from '../components/Icon/Icon';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useModal } from '../hooks/modal/useModal';
import { useNameRegistration } from '../hooks/names/useNameRegistration';
import * as r from './RegisterAccountName.css';
import * as s from './shared.css';

export const REGISTER_NAME_SUCCESS_TEXTS = {
  title: 'Your name is registered',
  explanation: 'People can now send to this name instead of your address.',
  done: 'Done',
} as const;

/** After a registration (spec §2 RegisterAccountNameSuccess): the name and the address it points to. */
export function RegisterAccountNameSuccessView() {
  const reg = useNameRegistration({ loadNames: false });
  const address = useKeywayStore('account', (a) => a.address);
  const { reset } = useModal();
  const name = reg.registeredName ? capText(reg.registeredName, MAX_TEXT.name) : null;
  return (
    <div className={s.status} data-kw-view="RegisterAccountNameSuccess">
      <SuccessIcon size={40} aria-hidden="true" />
      <h3>{REGISTER_NAME_SUCCESS_TEXTS.title}</h3>
      {name ? (
        <p className={r.name} data-kw-registered-name={name}>
          {name}
        </p>
      ) : null}
      {address ? <p className={r.address}>{address}</p> : null}
      <p className={s.muted}>{REGISTER_NAME_SUCCESS_TEXTS.explanation}</p>
      <Button
        fullWidth
        onClick={() => {
          reg.reset();
          reset('Account');
        }}
      >
        {REGISTER_NAME_SUCCESS_TEXTS.done}
      </Button>
    </div>
  );
}
