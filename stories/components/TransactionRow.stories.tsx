import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow';
import { JAVASCRIPT_URL } from './_fixtures';
import { transactionRowLabels } from './_texts';

const meta = {
  title: 'Components/TransactionRow',
  tags: ['autodocs'],
  component: TransactionRow,
  args: {
    labels: transactionRowLabels,
    direction: 'out',
    title: 'Sent USDC',
    counterparty: 'to 0x71C7…976F',
    amount: '-25.00 USDC',
    secondaryAmount: '$25.00',
    status: 'confirmed',
    time: '2 min ago',
  },
  argTypes: {
    direction: { control: 'inline-radio', options: ['in', 'out', 'self', 'trade'] },
    status: { control: 'inline-radio', options: ['pending', 'confirmed', 'failed'] },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TransactionRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Sent' })).toBeVisible();
    await expect(canvas.getByText('Sent USDC')).toBeVisible();
    await expect(canvas.getByText('to 0x71C7…976F')).toBeVisible();
    await expect(canvas.getByText('-25.00 USDC')).toBeVisible();
    await expect(canvas.getByText('Confirmed')).toBeVisible();
    await expect(canvas.getByText('2 min ago')).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const Received: Story = {
  args: {
    direction: 'in',
    title: 'Received ETH',
    counterparty: 'from vitalik.eth',
    amount: '+0.5 ETH',
    secondaryAmount: '$1,500.00',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Received' })).toBeVisible();
    await expect(canvas.getByText('+0.5 ETH')).toBeVisible();
  },
};

export const SelfTransfer: Story = {
  args: { direction: 'self', title: 'Moved ETH', counterparty: 'to your other account', amount: '0.1 ETH' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Self transfer' })).toBeVisible();
  },
};

export const Trade: Story = {
  args: {
    direction: 'trade',
    title: 'Swapped ETH for USDC',
    counterparty: undefined,
    amount: '+1,480.20 USDC',
    secondaryAmount: '-0.5 ETH',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Swap' })).toBeVisible();
    await expect(canvas.getByText('-0.5 ETH')).toBeVisible();
  },
};

function statusColor(el: HTMLElement, token: string) {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  el.append(probe);
  const c = getComputedStyle(probe).color;
  probe.remove();
  return c;
}

export const Pending: Story = {
  args: { status: 'pending', time: 'just now' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByText('Pending');
    await expect(getComputedStyle(status).color).toBe(statusColor(status, '--kw-color-warning'));
  },
};

export const Confirmed: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByText('Confirmed');
    await expect(getComputedStyle(status).color).toBe(statusColor(status, '--kw-color-success'));
  },
};

export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByText('Failed');
    await expect(getComputedStyle(status).color).toBe(statusColor(status, '--kw-color-error'));
  },
};

export const WithExplorerLink: Story = {
  args: {
    explorerUrl: 'https://etherscan.io/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'View on explorer (opens in a new tab)' });
    await expect(link.getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\/tx\//);
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

export const UnsafeExplorerLinkHidden: Story = {
  args: { explorerUrl: JAVASCRIPT_URL },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
    await expect(canvasElement.innerHTML).not.toContain('javascript:');
  },
};

export const HttpExplorerLinkHidden: Story = {
  args: { explorerUrl: 'http://etherscan.io/tx/0xabc' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

export const LongCounterparty: Story = {
  args: {
    counterparty: 'to a-very-long-name-registered-to-confuse-people.some-subdomain.example.eth',
    title: 'Sent a token with a really long name that goes on and on',
  },
  play: async ({ canvasElement }) => {
    const row = canvasElement.querySelector('[data-kw-transaction-row]') as HTMLElement;
    await expect(row.scrollWidth).toBeLessThanOrEqual(420);
  },
};
