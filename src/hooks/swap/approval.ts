/**
 * The approval step (spec §4): the approval transaction, or the permit signature, each checked again right
 * before the wallet is asked; then the quote and the transaction are fetched again. A refusal in the wallet keeps
 * the form as it was.
 */
import { getAddress, type Hex, isAddressEqual } from 'viem';
import {
  permitDeadline,
  permitSignatureParts,
  permitTypedData,
  readPermitNonce,
} from '../../chains/evm/permit';
import { checkApproval } from '../../chains/evm/swap';
import { kitMessage } from '../../core/messages';
import { contractOf, type SwapContext, swapFailure } from './context';
import type { SwapActions } from './types';

export function createApprovalActions(ctx: SwapContext): Pick<SwapActions, 'approve'> {
  const { deps, get, set, now, steps, network, chainNumber, account, validation, flowFailed } = ctx;

  /** The permit step: the wallet signs the permit, then the swap is built with it (spec §4 approval). */
  const signPermit = async (): Promise<boolean> => {
    const s = get();
    const p = s.permit;
    const units = validation().units;
    const read = deps.readContract;
    const sign = deps.signTypedData;
    if (!p || p.signature || !s.sourceToken || units === null || !read || !sign) return false;
    const address = account();
    if (!address) return false;
    const owner = getAddress(address);
    const net = network().id;
    // Checked again right before signing: the token, the router (trusted, takes permits), the exact amount.
    const trusted =
      deps.getRouters(net).some((r) => isAddressEqual(r, p.spender)) &&
      (deps.getPermitRouters?.(net) ?? []).some((r) => isAddressEqual(r, p.spender));
    if (!trusted) {
      flowFailed(kitMessage('untrustedRouter'));
      return false;
    }
    const token = contractOf(s.sourceToken.address);
    if (p.amount !== units || !token || !isAddressEqual(token, p.token)) {
      flowFailed(kitMessage('approvalNotExact'));
      return false;
    }
    set({ approvalStatus: 'signing' });
    let deadline: bigint;
    let signature: Hex;
    try {
      const nonce = await readPermitNonce(read, chainNumber(), p.token, owner);
      deadline = permitDeadline(now());
      signature = await sign(
        permitTypedData(p.domain, { owner, spender: p.spender, value: p.amount, nonce, deadline }),
      );
      if (!permitSignatureParts(signature)) throw new Error('The wallet returned no usable signature');
    } catch (e) {
      // Rejected or failed: the form stays as it was.
      if (get().permit === p) set({ approvalStatus: 'rejected' });
      deps.emit({ flow: 'swap', status: 'rejected', step: 'approval', message: swapFailure(e) });
      return false;
    }
    // The form changed while the wallet was open: this signature is not for the current swap.
    if (get().permit !== p) return false;
    set({ approvalStatus: 'done', permit: { ...p, deadline, signature } });
    // Spec §4: after the approval, the quote and the transaction are fetched again (now with the permit).
    await steps.runQuote();
    return get().swapTransaction !== null;
  };

  const approve: SwapActions['approve'] = async () => {
    if (get().approvalMethod === 'permit') return signPermit();
    const s = get();
    const tx = s.approvalTransaction;
    const units = validation().units;
    if (!tx || !s.sourceToken || units === null) return false;
    try {
      // Checked again right before signing: the token, the spender and the exact amount.
      checkApproval(
        { to: tx.to, data: tx.data, value: tx.value.toString() },
        {
          token: contractOf(s.sourceToken.address)!,
          amount: units,
          routers: deps.getRouters(network().id),
        },
      );
    } catch (e) {
      flowFailed(swapFailure(e));
      return false;
    }
    set({ approvalStatus: 'signing' });
    try {
      const hash = await deps.sendTransaction({
        chainId: chainNumber(),
        to: tx.to,
        data: tx.data,
        value: 0n,
      });
      set({ approvalStatus: 'pending' });
      await deps.waitForTransaction(chainNumber(), hash);
    } catch (e) {
      // Rejected or failed: the form stays as it was.
      set({ approvalStatus: 'rejected' });
      deps.emit({ flow: 'swap', status: 'rejected', step: 'approval', message: swapFailure(e) });
      return false;
    }
    set({ approvalStatus: 'done', approvalTransaction: null });
    // Spec §4: after the approval, the quote and the transaction are fetched again.
    await steps.runQuote();
    return get().swapTransaction !== null;
  };

  return { approve };
}
