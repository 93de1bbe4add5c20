/**
 * After a quote: the allowance, then an approval for exactly the amount (a transaction, or an EIP-2612 permit when
 * the token and the router take one) or the swap transaction itself, each checked before it is kept
 * (src/chains/evm/swap.ts: the trusted router, the exact approval, the value, the tokens, the minimum out).
 */
import { type Address, getAddress, type Hex, isAddressEqual } from 'viem';
import type { ApproveTransaction, SwapTransaction } from '../../api/schemas';
import { type PermitDomain, readPermitDomain } from '../../chains/evm/permit';
import { checkApproval, checkSwap } from '../../chains/evm/swap';
import { SWAP_PERMIT_MIN_REMAINING_SECONDS } from '../../core/constants';
import { contractOf, FlowError, key, type SwapContext } from './context';
import type { SwapTokenItem, SwapTransactionInfo } from './types';

export function createBuildSteps(ctx: SwapContext) {
  const { deps, get, set, now, network, chainNumber, userAddress } = ctx;

  const toInfo = (
    tx: { to: string; data: string; eip155: { gas: string; gasPrice: string } },
    value: bigint,
    toAmount: string,
  ): SwapTransactionInfo => ({
    to: getAddress(tx.to),
    // The response schema admits 0x-hex only.
    data: tx.data as Hex,
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
    value,
    toAmount,
  });

  const permitDomains = new Map<string, Promise<PermitDomain | null>>();
  /**
   * The source token's permit domain when the approval can be a permit: the token is flagged eip2612, the
   * spender is a router the host marked permit-capable, and the token's domain could be read and confirmed.
   */
  const permitDomainFor = (from: SwapTokenItem, token: Address, spender: Address) => {
    const net = network().id;
    const permitRouters = deps.getPermitRouters?.(net) ?? [];
    if (
      !from.eip2612 ||
      !deps.signTypedData ||
      !deps.readContract ||
      !permitRouters.some((r) => isAddressEqual(r, spender))
    ) {
      return Promise.resolve(null);
    }
    const cacheKey = `${net}:${key(token)}`;
    let domain = permitDomains.get(cacheKey);
    if (!domain) {
      domain = readPermitDomain(deps.readContract, chainNumber(), token).then((d) => {
        // Only a confirmed domain is kept: a failed read is tried again with the next quote.
        if (!d) permitDomains.delete(cacheKey);
        return d;
      });
      permitDomains.set(cacheKey, domain);
    }
    return domain;
  };

  /** The signed permit, when it is for exactly this swap, its router is still trusted and it is not about to expire. */
  const usablePermit = (token: Address, units: bigint): SwapTransactionInfo['permit'] | null => {
    const p = get().permit;
    if (!p?.signature || p.deadline === null) return null;
    const net = network().id;
    const trusted =
      deps.getRouters(net).some((r) => isAddressEqual(r, p.spender)) &&
      (deps.getPermitRouters?.(net) ?? []).some((r) => isAddressEqual(r, p.spender));
    const remaining = p.deadline - BigInt(Math.floor(now() / 1000));
    if (
      !trusted ||
      p.amount !== units ||
      !isAddressEqual(p.token, token) ||
      remaining < BigInt(SWAP_PERMIT_MIN_REMAINING_SECONDS)
    ) {
      // Not for this swap (any more): the user signs a new one.
      set({ permit: null, approvalStatus: 'idle' });
      return null;
    }
    return { spender: p.spender, deadline: p.deadline, signature: p.signature };
  };

  /** Allowance, then the approval or the swap transaction (spec §4). */
  const prepareTransaction = async (isLatest: () => boolean, units: bigint, quoteOut: string) => {
    const s = get();
    const from = s.sourceToken!;
    const to = s.toToken!;
    const user = userAddress();
    const routers = deps.getRouters(network().id);
    let allowance: bigint;
    if (from.isNative) allowance = units;
    else {
      try {
        allowance = BigInt(
          (await deps.api.getAllowance({ tokenAddress: from.address, userAddress: user })).allowance,
        );
      } catch {
        throw new FlowError('checkAllowance');
      }
    }
    if (!isLatest()) return;
    const token = from.isNative ? null : contractOf(from.address);
    const signed = allowance < units && token ? usablePermit(token, units) : null;
    if (allowance < units && !signed) {
      set({ loadingApprovalTransaction: true, swapTransaction: null });
      let approval: ApproveTransaction;
      try {
        approval = await deps.api.buildApproveTransaction({
          userAddress: user,
          from: from.address,
          to: to.address,
          amount: units.toString(),
        });
      } catch {
        throw new FlowError('createApprovalTransaction');
      }
      if (!isLatest()) return;
      const spender = checkApproval(
        { ...approval, data: approval.data as Hex },
        { token: contractOf(from.address)!, amount: units, routers },
      );
      const approvalStatus = get().approvalStatus === 'rejected' ? 'rejected' : 'idle';
      // The approval's router takes permits and the token has one: a signature instead of this transaction.
      const domain = await permitDomainFor(from, contractOf(from.address)!, spender);
      if (!isLatest()) return;
      if (domain) {
        set({
          approvalMethod: 'permit',
          permit: {
            token: domain.verifyingContract,
            domain,
            spender,
            amount: units,
            deadline: null,
            signature: null,
          },
          approvalTransaction: null,
          loadingApprovalTransaction: false,
          approvalStatus,
        });
        return;
      }
      set({
        approvalMethod: 'transaction',
        permit: null,
        approvalTransaction: toInfo(approval, 0n, quoteOut),
        loadingApprovalTransaction: false,
        approvalStatus,
      });
      return;
    }
    set({ loadingBuildTransaction: true, approvalTransaction: null });
    let built: SwapTransaction;
    try {
      built = await deps.api.buildSwapTransaction({
        amount: units.toString(),
        userAddress: user,
        from: from.address,
        to: to.address,
        slippage: get().slippage,
        ...(signed ? { permit: { deadline: signed.deadline.toString(), signature: signed.signature } } : {}),
      });
    } catch {
      throw new FlowError('createTransaction');
    }
    if (!isLatest()) return;
    const value = BigInt(built.amount);
    await checkSwap(
      { to: built.to, data: built.data as Hex, value },
      {
        routers,
        account: getAddress(user),
        from: contractOf(from.address),
        to: contractOf(to.address),
        amount: units,
        quotedOut: BigInt(quoteOut),
        slippagePercent: get().slippage,
        permit: signed,
      },
      { chainId: chainNumber(), call: deps.callContract },
    );
    if (!isLatest()) return;
    set({
      swapTransaction: { ...toInfo(built, value, quoteOut), ...(signed ? { permit: signed } : {}) },
      loadingBuildTransaction: false,
    });
  };

  return { prepareTransaction };
}
