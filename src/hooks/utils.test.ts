/**
 * Standard JSON-RPC and EIP-1193 error codes (spec §9, their handling not shown). Decision: the kit maps none of
 * them itself. viem turns each code into its error class with a short message; the kit shows its own catalogue
 * message for the step that failed (`switchNetworkFailed`, `connectionFailed`, …) with viem's short message as the reason, and
 * recognises a refusal by the user (4001, also deep in an error's causes) to say "declined" instead of "failed".
 */
import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidParamsRpcError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  RpcError,
  UserRejectedRequestError,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { errorMessage, isUserRejection } from './utils';

const cause = new RpcError(new Error('boom'), { code: -32000, shortMessage: 'x' });

describe('JSON-RPC error codes', () => {
  it.each([
    ['-32603 internal error', new InternalRpcError(cause)],
    ['-32602 invalid params', new InvalidParamsRpcError(cause)],
    ['-32601 method not found', new MethodNotFoundRpcError(cause)],
    ['-32005 limit exceeded', new LimitExceededRpcError(cause)],
    ['4901 chain disconnected', new ChainDisconnectedError(cause)],
  ])("%s: the step's catalogue message, viem's short message as the reason", (_, error) => {
    const message = errorMessage(error, 'switchNetworkFailed');
    expect(message.code).toBe('switchNetworkFailed');
    expect(message.reason).toBe(error.shortMessage);
    expect(isUserRejection(error)).toBe(false);
  });

  it('4001 is the user declining, also as the cause of another error', () => {
    const rejected = new UserRejectedRequestError(cause);
    expect(isUserRejection(rejected)).toBe(true);
    expect(isUserRejection(new Error('wrapped', { cause: rejected }))).toBe(true);
    expect(isUserRejection({ code: 4001 })).toBe(true);
  });

  it("a kit error keeps its own message; anything else without text is the step's message alone", () => {
    const kit = Object.assign(new Error('x'), { detail: { code: 'transactionError' } });
    expect(errorMessage(kit, 'switchNetworkFailed')).toEqual({ code: 'transactionError' });
    expect(errorMessage({}, 'connectionFailed')).toEqual({ code: 'connectionFailed' });
    expect(errorMessage(null, 'connectionFailed')).toEqual({ code: 'connectionFailed' });
  });
});
