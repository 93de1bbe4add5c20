/** Rows derived again on every page: a row is reused only while its inputs are the same; day keys by zone. */
import { describe, expect, it } from 'vitest';
import { transactionSchema } from '../../api/schemas';
import { mainnet, polygon } from '../../core/networks';
import { FIXTURE_RECEIVER, transactionFixtures } from '../../testing/msw';
import { groupTransactionsByDay, type TransactionItem, toTransactionItem } from './format';

const parse = (v: unknown) => transactionSchema.parse(v);
const tx = parse(transactionFixtures[1]);

describe('toTransactionItem reuse', () => {
  it('gives the same row for the same transaction and networks (a row holds data: no locale goes in)', () => {
    const networks = [mainnet, polygon];
    const a = toTransactionItem(tx, networks);
    expect(toTransactionItem(tx, networks)).toBe(a);
  });

  it('derives the row again for other networks', () => {
    const networks = [mainnet];
    const first = toTransactionItem(tx, networks)!;
    expect(toTransactionItem(tx, [mainnet, polygon])).not.toBe(first);
    expect(toTransactionItem(tx, networks)).toEqual(first);
  });

  it('shows a zero-value receipt once its sender becomes known, after it was hidden', () => {
    const lookAlike = `${FIXTURE_RECEIVER.slice(0, 6)}${'8'.repeat(30)}${FIXTURE_RECEIVER.slice(-4)}`;
    const zero = parse({
      ...transactionFixtures[1]!,
      id: 'zero-from-later-known',
      metadata: { ...transactionFixtures[1]!.metadata, sentFrom: lookAlike },
      transfers: [{ ...transactionFixtures[1]!.transfers[0]!, quantity: { numeric: '0' }, value: 0 }],
    });
    const networks = [mainnet];
    const me = transactionFixtures[1]!.metadata.sentTo.toLowerCase();
    expect(toTransactionItem(zero, networks, new Set([me]))).toBeNull();
    expect(toTransactionItem(zero, networks, new Set([me, lookAlike.toLowerCase()]))).not.toBeNull();
    expect(toTransactionItem(zero, networks, new Set([me]))).toBeNull();
  });
});

describe('groupTransactionsByDay', () => {
  const at = (iso: string) => ({ id: iso, timestamp: Date.parse(iso) }) as TransactionItem;

  it('splits days at local midnight in a zone a quarter hour off the hour', () => {
    // Asia/Kathmandu is UTC+5:45: 18:14 UTC is 23:59 there, 18:15 UTC the next day's 00:00.
    const items = [at('2025-03-02T18:15:00Z'), at('2025-03-02T18:14:00Z'), at('2025-03-02T18:16:00Z')];
    const sections = groupTransactionsByDay(items, Date.parse('2025-03-10T00:00:00Z'), {
      timeZone: 'Asia/Kathmandu',
    });
    expect(sections.map((s) => [s.key, s.items.map((i) => i.id)])).toEqual([
      ['2025-03-03', ['2025-03-02T18:15:00Z', '2025-03-02T18:16:00Z']],
      ['2025-03-02', ['2025-03-02T18:14:00Z']],
    ]);
  });

  it('gives the same instant different days in different zones', () => {
    const item = at('2025-03-02T23:30:00Z');
    const now = Date.parse('2025-03-10T00:00:00Z');
    expect(groupTransactionsByDay([item], now, { timeZone: 'UTC' })[0]!.key).toBe('2025-03-02');
    expect(groupTransactionsByDay([item], now, { timeZone: 'Europe/Berlin' })[0]!.key).toBe('2025-03-03');
  });
});
