import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ThemeScope } from '../../src/theme';
import { lightColors } from '../../src/theme/tokens';
import { icons } from '../components/_fixtures';
import { PlaygroundCard } from './PlaygroundCard';
import { fontFamilies, type PlaygroundArgs, playgroundTheme } from './playgroundTheme';

function Playground(args: PlaygroundArgs) {
  return (
    <ThemeScope theme={playgroundTheme(args)}>
      <PlaygroundCard icons={icons} onConnect={args.onConnect} />
    </ThemeScope>
  );
}

const meta = {
  title: 'Theme/Playground',
  component: Playground,
  parameters: { keywayRoot: false, layout: 'fullscreen' },
  args: { accentColor: lightColors.accent, radius: 'md', font: 'Inter', mode: 'light', onConnect: fn() },
  argTypes: {
    accentColor: { control: 'color', description: 'createTheme({ accentColor })' },
    radius: { control: 'inline-radio', options: ['none', 'sm', 'md', 'lg', 'xl'] },
    font: { control: 'inline-radio', options: Object.keys(fontFamilies) },
    mode: { control: 'inline-radio', options: ['light', 'dark', 'system'] },
    onConnect: { table: { disable: true } },
  },
} satisfies Meta<typeof Playground>;
export default meta;
type Story = StoryObj<typeof meta>;

function primary(canvasElement: HTMLElement) {
  return within(canvasElement).getByRole('button', { name: 'Connect' });
}

/** `#c2255c` -> `rgb(194, 37, 92)`, the form computed styles report. */
function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'MetaMask Installed' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Trust Wallet Mobile and extension' })).toBeVisible();
    await expect(canvas.getByText('1,250.50 USDC')).toBeVisible();
    const button = primary(canvasElement);
    await expect(getComputedStyle(button).backgroundColor).toBe(rgb(lightColors.accent));
    await expect(getComputedStyle(button).fontFamily).toMatch(/^"?Inter"?/);
    await userEvent.click(button);
    await expect(args.onConnect).toHaveBeenCalledTimes(1);
  },
};

export const CustomAccent: Story = {
  args: { accentColor: '#c2255c' },
  play: async ({ canvasElement }) => {
    const button = primary(canvasElement);
    await expect(getComputedStyle(button).backgroundColor).toBe('rgb(194, 37, 92)');
    await expect(getComputedStyle(button).color).toBe('rgb(255, 255, 255)');
    // The "Recent" badge uses the accent too.
    const recent = within(canvasElement).getByText('Recent');
    await expect(getComputedStyle(recent).backgroundColor).toBe('rgb(194, 37, 92)');
  },
};

export const LightAccentGetsDarkText: Story = {
  args: { accentColor: '#ffd43b' },
  play: async ({ canvasElement }) => {
    const button = primary(canvasElement);
    await expect(getComputedStyle(button).backgroundColor).toBe('rgb(255, 212, 59)');
    await expect(getComputedStyle(button).color).toBe('rgb(13, 16, 32)');
  },
};

export const SquareCorners: Story = {
  args: { radius: 'none' },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(primary(canvasElement)).borderRadius).toBe('0px');
    const card = canvasElement.querySelector('[data-kw-playground]') as HTMLElement;
    await expect(getComputedStyle(card).borderRadius).toBe('0px');
  },
};

export const Round: Story = {
  args: { radius: 'xl' },
  play: async ({ canvasElement }) => {
    // md (10px) scaled by the xl factor (2).
    await expect(getComputedStyle(primary(canvasElement)).borderRadius).toBe('20px');
  },
};

export const Dark: Story = {
  args: { mode: 'dark', accentColor: '#7c93f0' },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-kw-playground]') as HTMLElement;
    const heading = within(canvasElement).getByRole('heading', { name: 'Connect Wallet' });
    await expect(canvasElement.querySelector('[data-kw-mode]')).toHaveAttribute('data-kw-mode', 'dark');
    // Dark surface, light text.
    await expect(getComputedStyle(card).backgroundColor).toBe('rgb(38, 42, 51)');
    await expect(getComputedStyle(heading).color).toBe('rgb(242, 244, 247)');
    await expect(getComputedStyle(primary(canvasElement)).backgroundColor).toBe('rgb(124, 147, 240)');
  },
};

export const SerifFont: Story = {
  args: { font: 'serif' },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(primary(canvasElement)).fontFamily).toMatch(/^Georgia/);
    const heading = within(canvasElement).getByRole('heading', { name: 'Connect Wallet' });
    await expect(getComputedStyle(heading).fontFamily).toMatch(/^Georgia/);
  },
};

export const MonoFont: Story = {
  args: { font: 'mono' },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(primary(canvasElement)).fontFamily).toMatch(/^ui-monospace/);
  },
};

export const SystemMode: Story = {
  args: { mode: 'system' },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-kw-mode]') as HTMLElement;
    await expect(root).toHaveAttribute('data-kw-mode', 'system');
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const card = canvasElement.querySelector('[data-kw-playground]') as HTMLElement;
    await expect(getComputedStyle(card).backgroundColor).toBe(
      dark ? 'rgb(38, 42, 51)' : 'rgb(255, 255, 255)',
    );
  },
};
