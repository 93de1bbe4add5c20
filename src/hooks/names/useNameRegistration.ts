import { useEffect } from 'react';
import type { KitMessage } from '../../core/messages';
import { useStoreBinding } from '../bind';
import { useKeyway } from '../context';
import { getNameRegistrationStore } from './instance';
import type { NameRegistrationActions, NameRegistrationState } from './store';
import { fullName, nameLabel, nameRuleMessage, nameUnavailableMessage } from './validation';

export interface UseNameRegistrationResult
  extends NameRegistrationState,
    Omit<NameRegistrationActions, 'setContext'> {
  /** The broken §5 rule as a message (its code and limit), null when none. */
  ruleMessage: KitMessage | null;
  /** The name that will be registered (with the service suffix), null while nothing is typed. */
  fullName: string | null;
  /** Why this account cannot register a name, as a message (null when it can). */
  unavailableMessage: KitMessage | null;
  /** Register can be pressed: rules pass, the name is available and no registration is running. */
  canRegister: boolean;
  /** The connected account has a registered name. */
  hasName: boolean;
}

/** The actions a name screen calls (the store's own; setContext stays the instance's). */
const NAME_ACTIONS = [
  'setName',
  'selectSuggestion',
  'register',
  'loadNames',
  'reset',
] as const satisfies readonly (keyof NameRegistrationActions)[];

/**
 * Register an account name (spec §3-§5, §7, §8) with the embedded wallet: the typed name with live
 * rules, availability, suggestions when it is taken, and `register()`, which resolves to an outcome and
 * never moves the modal. The store is the instance's own, created on first use. `loadNames` (default true)
 * reads the account's names when the hook mounts.
 */
export function useNameRegistration(options: { loadNames?: boolean } = {}): UseNameRegistrationResult {
  const keyway = useKeyway();
  const store = getNameRegistrationStore(keyway);
  const state = useStoreBinding(store, NAME_ACTIONS);
  const load = options.loadNames !== false;
  const address = state.context.address;
  const chainId = state.context.chainId;
  useEffect(() => {
    // Read again on another network (the lookup is cached per address and network).
    if (load && address && chainId !== undefined) void store.getState().loadNames();
  }, [store, load, address, chainId]);
  const label = nameLabel(state.name);
  const busy = state.status === 'signing' || state.status === 'submitting';
  return {
    ...state,
    ruleMessage: state.rule ? nameRuleMessage(state.rule) : null,
    fullName: label ? fullName(label) : null,
    unavailableMessage: state.unavailableReason ? nameUnavailableMessage(state.unavailableReason) : null,
    canRegister:
      !state.unavailableReason && !!label && !state.rule && state.availability === 'available' && !busy,
    hasName: (state.names?.length ?? 0) > 0 || state.registeredName !== null,
  };
}
