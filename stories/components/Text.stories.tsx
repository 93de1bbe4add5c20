import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Text } from '../../src/components/Text/Text';
import { LONG_NAME } from './_fixtures';

const meta = {
  title: 'Components/Text',
  tags: ['autodocs'],
  component: Text,
  args: { children: 'Connect a wallet', variant: 'body' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['title', 'body', 'small', 'label', 'mono', 'muted'] },
    as: { control: 'select', options: [undefined, 'p', 'span', 'div', 'h1', 'h2', 'h3', 'label'] },
  },
} satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Body: Story = {
  play: async ({ canvasElement }) => {
    const el = within(canvasElement).getByText('Connect a wallet');
    await expect(el.tagName).toBe('P');
  },
};

export const Title: Story = {
  args: { variant: 'title', children: 'Connect Wallet' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Connect Wallet' }),
    ).toBeVisible();
  },
};

export const TitleAsH1: Story = {
  args: { variant: 'title', as: 'h1', children: 'Account' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  },
};

export const AllVariants: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <Text variant="title">Title: Connect Wallet</Text>
      <Text variant="body">Body: Choose how you want to connect.</Text>
      <Text variant="small">Small: By connecting you agree to the terms.</Text>
      <Text variant="label">Label: Amount</Text>
      <Text variant="mono">Mono: 0x71C7…976F</Text>
      <Text variant="muted">Muted: Last used 2 min ago</Text>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Title', 'Body', 'Small', 'Label', 'Mono', 'Muted']) {
      await expect(canvas.getByText(new RegExp(`^${name}:`))).toBeVisible();
    }
    const muted = getComputedStyle(canvas.getByText(/^Muted:/)).color;
    const body = getComputedStyle(canvas.getByText(/^Body:/)).color;
    await expect(muted).not.toBe(body);
    await expect(getComputedStyle(canvas.getByText(/^Mono:/)).fontFamily).toMatch(/monospace/);
  },
};

export const Truncated: Story = {
  render: () => (
    <div style={{ width: 200 }}>
      <Text variant="label" truncate title={LONG_NAME}>
        {LONG_NAME}
      </Text>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const el = within(canvasElement).getByTitle(LONG_NAME);
    await expect(el.scrollWidth).toBeGreaterThan(el.clientWidth);
    await expect(getComputedStyle(el).textOverflow).toBe('ellipsis');
  },
};

export const UntrustedMarkupIsText: Story = {
  args: { children: '<img src=x onerror="alert(1)"><b>bold</b>' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeVisible();
    await expect(canvasElement.querySelector('img, b')).toBeNull();
  },
};
