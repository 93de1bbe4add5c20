import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/components/Button/Button';
import { Tooltip, type TooltipProps } from '../../src/components/Tooltip/Tooltip';

const meta = {
  title: 'Components/Tooltip',
  tags: ['autodocs'],
  component: Tooltip,
  args: { message: 'Copy address', children: <Button variant="secondary">0x7099…79C8</Button> },
  // Room above the trigger, so the tooltip takes its preferred place instead of flipping below.
  decorators: [(Story) => <div style={{ paddingTop: 80 }}>{Story()}</div>],
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (root: HTMLElement) => within(root).getByRole('button', { name: '0x7099…79C8' });

async function hoverOpen(root: HTMLElement) {
  await userEvent.hover(trigger(root));
  return screen.findByRole('tooltip');
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    const tip = await hoverOpen(canvasElement);
    await expect(tip).toHaveTextContent('Copy address');
    await expect(trigger(canvasElement)).toHaveAccessibleDescription('Copy address');
    // Above the trigger (placement top).
    await waitFor(() =>
      expect(tip.getBoundingClientRect().bottom).toBeLessThanOrEqual(
        trigger(canvasElement).getBoundingClientRect().top,
      ),
    );
    await userEvent.unhover(trigger(canvasElement));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const OpensOnFocusClosesOnEscape: Story = {
  args: { onOpenChange: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await expect(trigger(canvasElement)).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy address');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

const shadeStory = (variant: TooltipProps['variant'], background: string): Story => ({
  args: { variant, message: `The ${variant} shade` },
  play: async ({ canvasElement }) => {
    const tip = await hoverOpen(canvasElement);
    await expect(tip).toHaveTextContent(`The ${variant} shade`);
    await expect(getComputedStyle(tip).backgroundColor).toBe(background);
  },
});

// Light theme colours: foreground #14161a, raised surface #ffffff, accent #3b5bdb.
export const Inverse = shadeStory('inverse', 'rgb(20, 22, 26)');
export const Shade = shadeStory('shade', 'rgb(20, 22, 26)');
export const Surface = shadeStory('default', 'rgb(255, 255, 255)');
export const Fill = shadeStory('fill', 'rgb(59, 91, 219)');

const RECT = { x: 200, y: 240, width: 120, height: 40 };
/** The 8 px gutter plus half of the 8 px arrow. */
const GAP = 12;

/** The tooltip store's mode: a message next to a rectangle, with no trigger element. */
export const TriggerRectangle: Story = {
  args: { rect: RECT, message: 'Address copied' },
  render: (args) => (
    <>
      <p>The outlined box marks the rectangle the tooltip points at.</p>
      <div
        data-testid="rect"
        style={{
          position: 'fixed',
          left: RECT.x,
          top: RECT.y,
          width: RECT.width,
          height: RECT.height,
          outline: '1px dashed currentColor',
        }}
      />
      <Tooltip {...args} />
    </>
  ),
  play: async () => {
    const tip = await screen.findByRole('tooltip');
    await expect(tip).toHaveTextContent('Address copied');
    await waitFor(() => {
      const box = tip.getBoundingClientRect();
      // Above the rectangle and centred on it.
      expect(Math.round(box.bottom)).toBe(RECT.y - GAP);
      expect(Math.abs(box.left + box.width / 2 - (RECT.x + RECT.width / 2))).toBeLessThanOrEqual(1);
    });
  },
};

export const TriggerRectangleBelow: Story = {
  args: { rect: RECT, placement: 'bottom', message: 'Below the rectangle' },
  play: async () => {
    const tip = await screen.findByRole('tooltip');
    await waitFor(() => expect(Math.round(tip.getBoundingClientRect().top)).toBe(RECT.y + RECT.height + GAP));
  },
};

export const TriggerRectangleClosed: Story = {
  args: { rect: RECT, open: false, message: 'Hidden' },
  play: async () => {
    await expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
  },
};
