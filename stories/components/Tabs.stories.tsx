import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type TabItem, Tabs, type TabsProps } from '../../src/components/Tabs/Tabs';

const items: TabItem[] = [
  { value: 'tokens', label: 'Tokens', content: <p>ETH 1.25</p> },
  { value: 'activity', label: 'Activity', content: <p>Sent 0.1 ETH</p> },
  { value: 'nfts', label: 'NFTs', content: <p>No collectibles yet</p> },
];

const meta = {
  title: 'Components/Tabs',
  tags: ['autodocs'],
  component: Tabs,
  args: { items, 'aria-label': 'Account sections', onValueChange: fn() },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'Account sections' })).toBeVisible();
    const tokens = canvas.getByRole('tab', { name: 'Tokens' });
    await expect(tokens).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('ETH 1.25'));

    await userEvent.click(canvas.getByRole('tab', { name: 'Activity' }));
    await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('Sent 0.1 ETH'));
    await expect(canvas.queryByText('ETH 1.25')).not.toBeInTheDocument();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('activity');

    // Arrow keys move between tabs and select them.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveFocus());
    await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('No collectibles yet'));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(tokens).toHaveFocus());
  },
};

export const InitialTab: Story = {
  args: { defaultValue: 'activity' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('Sent 0.1 ETH'));
  },
};

export const Controlled: Story = {
  render: function ControlledTabs(args: TabsProps) {
    const [value, setValue] = useState('tokens');
    return (
      <>
        <p>Selected: {value}</p>
        <Tabs
          {...args}
          value={value}
          onValueChange={(next) => {
            args.onValueChange?.(next);
            setValue(next);
          }}
        />
      </>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'NFTs' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('nfts');
    await expect(canvas.getByText('Selected: nfts')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('No collectibles yet'));
  },
};

export const WithDisabledTab: Story = {
  args: {
    items: [items[0]!, { ...items[1]!, disabled: true }, items[2]!],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const activity = canvas.getByRole('tab', { name: 'Activity' });
    await expect(activity).toBeDisabled();
    await userEvent.click(activity, { pointerEventsCheck: 0 });
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('ETH 1.25'));
  },
};
