import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TokenRow } from '../../src/components/TokenRow/TokenRow';
import { MAX_TEXT } from '../../src/core/text';
import { icons, JAVASCRIPT_URL } from './_fixtures';

const meta = {
  title: 'Components/TokenRow',
  tags: ['autodocs'],
  component: TokenRow,
  args: { symbol: 'USDC', name: 'USD Coin', iconUrl: icons.usdc, quantity: '1,250.50', value: '$1,250.50' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TokenRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('USD Coin')).toBeVisible();
    await expect(canvas.getByText('1,250.50 USDC')).toBeVisible();
    await expect(canvas.getByText('$1,250.50')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Selectable: Story = {
  args: { onClick: fn() },
  play: async ({ canvasElement, args }) => {
    const row = within(canvasElement).getByRole('button', { name: /USD Coin/ });
    await userEvent.click(row);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const DisabledSelectable: Story = {
  args: { onClick: fn(), disabled: true },
  play: async ({ canvasElement, args }) => {
    const row = within(canvasElement).getByRole('button', { name: /USD Coin/ });
    await expect(row).toBeDisabled();
    await userEvent.click(row, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const WithoutValue: Story = {
  args: { symbol: 'ETH', name: 'Ether', iconUrl: icons.ethereum, quantity: '0.5', value: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0.5 ETH')).toBeVisible();
    await expect(canvasElement.textContent).not.toContain('$');
  },
};

export const SpamToken: Story = {
  args: {
    symbol: 'VISIT-FREE-CLAIM-WWW.SCAM.EXAMPLE',
    name: '<b>Claim</b> your reward at www.scam.example now',
    iconUrl: JAVASCRIPT_URL,
    quantity: '1000000',
    value: '$0.00',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const qty = canvas.getByText(/^1000000 /);
    const symbol = (qty.textContent ?? '').slice('1000000 '.length);
    await expect(Array.from(symbol).length).toBeLessThanOrEqual(MAX_TEXT.symbol);
    await expect(symbol.endsWith('…')).toBe(true);
    await expect(canvas.getByText('<b>Claim</b> your reward at www.scam.example now')).toBeVisible();
    await expect(canvasElement.querySelector('b, img')).toBeNull();
  },
};
