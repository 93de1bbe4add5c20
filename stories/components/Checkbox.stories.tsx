import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from '../../src/components/Checkbox/Checkbox';

const onLinkClick = fn();

const consent = (
  <>
    I agree to the{' '}
    <a
      href="https://example.com/terms"
      onClick={(e) => {
        e.preventDefault();
        onLinkClick('terms');
      }}
    >
      Terms of Service
    </a>{' '}
    and the{' '}
    <a
      href="https://example.com/privacy"
      onClick={(e) => {
        e.preventDefault();
        onLinkClick('privacy');
      }}
    >
      Privacy Policy
    </a>
  </>
);

const meta = {
  title: 'Components/Checkbox',
  tags: ['autodocs'],
  component: Checkbox,
  args: { children: 'Remember this wallet', onCheckedChange: fn() },
  beforeEach: () => {
    onLinkClick.mockClear();
  },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'Remember this wallet' });
    await expect(box).not.toBeChecked();
    await userEvent.click(canvas.getByText('Remember this wallet'));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // Keyboard: Space toggles the focused box.
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Remember this wallet' })).toBeChecked();
  },
};

export const LegalConsentWithLinks: Story = {
  args: { children: consent, required: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', {
      name: 'I agree to the Terms of Service and the Privacy Policy',
    });
    await expect(box).toBeRequired();
    // Following a link does not give consent.
    await userEvent.click(canvas.getByRole('link', { name: 'Terms of Service' }));
    await expect(onLinkClick).toHaveBeenCalledWith('terms');
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByText(/I agree to the/));
    await expect(box).toBeChecked();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { children: consent, required: true, error: 'Accept the terms to continue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: /I agree to the/ });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('Accept the terms to continue');
    await expect(canvas.getByText('Accept the terms to continue')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'Remember this wallet' });
    await expect(box).toBeDisabled();
    await userEvent.click(canvas.getByText('Remember this wallet'), { pointerEventsCheck: 0 });
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};
