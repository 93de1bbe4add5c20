import type { FormEvent } from 'react';
import { Button } from '../components/Button/Button';
import { Input } from '../components/Input/Input';
import { NAME_SUFFIX } from '../core/constants';
import { capText, MAX_TEXT } from '../core/text';
import { useKeywayStore } from '../hooks/context';
import { useNameRegistration } from '../hooks/names/useNameRegistration';
import { NAME_MAX_LENGTH } from '../hooks/names/validation';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as r from './RegisterAccountName.css';
import * as s from './shared.css';

/** Choose and register an account name (spec §2 RegisterAccountName). */
export function RegisterAccountNameView() {
  const m = useMessages();
  const T = m.registerName;
  const say = useMessageText();
  const reg = useNameRegistration({ loadNames: false });
  const account = useKeywayStore('account', (a) => a.address);

  if (reg.unavailableReason) {
    return (
      <div
        className={s.status}
        data-kw-view="RegisterAccountName"
        data-kw-name-unavailable={reg.unavailableReason}
      >
        <p>{T.notAvailable}</p>
        <p className={s.muted}>{say(reg.unavailableMessage)}</p>
      </div>
    );
  }

  const busy = reg.status === 'signing' || reg.status === 'submitting';
  const shownName = reg.fullName ? capText(reg.fullName, MAX_TEXT.name) : '';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reg.canRegister) return;
    // The success view follows from the flow's outcome (views/modalRouter.ts).
    await reg.register();
  };
  const hint =
    reg.availability === 'checking'
      ? T.checking
      : reg.availability === 'available'
        ? T.available({ name: shownName })
        : reg.availability === 'taken'
          ? T.taken({ name: shownName })
          : T.intro;

  return (
    <form
      className={s.stack}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-kw-view="RegisterAccountName"
      data-kw-name-availability={reg.availability}
      aria-busy={busy}
    >
      <Input
        label={T.label}
        name="account-name"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={T.placeholder}
        maxLength={NAME_MAX_LENGTH + NAME_SUFFIX.length}
        value={reg.name}
        disabled={busy}
        hint={<span className={reg.availability === 'available' ? r.available : undefined}>{hint}</span>}
        error={reg.ruleMessage ? say(reg.ruleMessage) : undefined}
        trailing={<span className={r.suffix}>{NAME_SUFFIX}</span>}
        onChange={(event) => reg.setName(event.target.value)}
      />
      {reg.availability === 'taken' && reg.suggestions.length > 0 ? (
        <section aria-label={T.suggestions}>
          <p className={s.muted}>{T.suggestions}</p>
          <ul className={r.suggestions}>
            {reg.suggestions.map((x) => (
              <li key={x.name}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  onClick={() => reg.selectSuggestion(x.name)}
                >
                  {capText(x.name, MAX_TEXT.name)}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reg.error ? (
        <div role="alert" data-kw-name-error="">
          <p className={s.errorText}>{say(reg.error)}</p>
          {reg.errorReason ? <p className={s.muted}>{capText(reg.errorReason, 200)}</p> : null}
        </div>
      ) : null}
      {account ? <p className={r.address}>{account}</p> : null}
      <Button type="submit" fullWidth loading={busy} disabled={!reg.canRegister && !busy}>
        {reg.status === 'signing' ? T.signing : reg.status === 'submitting' ? T.submitting : T.register}
      </Button>
    </form>
  );
}
