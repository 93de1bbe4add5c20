import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QrCode } from '../../src/components/QrCode/QrCode';
import { qrCodeTexts } from './_texts';

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';
/** A small SVG logo as a data URL (no whitespace: URLs with spaces are refused). */
const LOGO =
  "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2010%2010'%3E%3Ccircle%20cx='5'%20cy='5'%20r='5'%20fill='%233b5bdb'/%3E%3C/svg%3E";

const meta = {
  title: 'Components/QrCode',
  tags: ['autodocs'],
  component: QrCode,
  args: { ...qrCodeTexts, value: URI, label: 'QR code to connect a wallet' },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

const code = (root: HTMLElement) => within(root).getByRole('img', { name: 'QR code to connect a wallet' });
/** Modules per side, read from the rendered SVG (one unit per module). */
const modules = (root: HTMLElement) => {
  const viewBox = code(root).querySelector('svg')?.getAttribute('viewBox')?.split(' ');
  return Number(viewBox?.[2]) / 10;
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const img = code(canvasElement);
    await expect(img).toHaveAttribute('data-ecc', 'M');
    await expect(img).toHaveAttribute('data-kw-qr', URI);
    const path = img.querySelector('svg path');
    await expect(path?.getAttribute('d')?.length ?? 0).toBeGreaterThan(100);
    await expect(img.querySelector('img')).toBeNull();
    const box = img.parentElement!.getBoundingClientRect();
    await expect(box.width).toBe(240);
    await expect(box.height).toBe(240);
  },
};

export const WithLogo: Story = {
  args: { logoUrl: LOGO },
  render: (args) => (
    <div style={{ display: 'flex', gap: 16 }}>
      <QrCode {...args} />
      <QrCode value={args.value} label="Same value without a logo" {...qrCodeTexts} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const img = code(canvasElement);
    await expect(img.querySelector('img')).toHaveAttribute('src', LOGO);
    // High error correction with a logo: the same value needs more modules than at level M.
    await expect(img).toHaveAttribute('data-ecc', 'H');
    const plain = within(canvasElement).getByRole('img', { name: 'Same value without a logo' });
    const plainModules = Number(plain.querySelector('svg')?.getAttribute('viewBox')?.split(' ')[2]) / 10;
    await expect(modules(canvasElement)).toBeGreaterThan(plainModules);
    // The logo covers a small centre area only.
    const logo = img.querySelector('img')!.getBoundingClientRect();
    await expect(logo.width).toBeLessThanOrEqual(240 * 0.22);
  },
};

export const UnsafeLogoIgnored: Story = {
  args: { logoUrl: 'javascript:alert(1)' },
  play: async ({ canvasElement }) => {
    const img = code(canvasElement);
    await expect(img.querySelector('img')).toBeNull();
    await expect(img).toHaveAttribute('data-ecc', 'M');
  },
};

export const HttpLogoIgnored: Story = {
  args: { logoUrl: 'http://example.com/logo.png' },
  play: async ({ canvasElement }) => {
    await expect(code(canvasElement).querySelector('img')).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading QR code');
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
  },
};

/** The placeholder says on screen what is happening (a pairing URI replaced after it expired). */
export const LoadingWithVisibleLabel: Story = {
  args: { loading: true, loadingLabel: 'This QR code expired. Getting a new one…', showLoadingLabel: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('This QR code expired. Getting a new one…')).toBeVisible();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
  },
};

export const WaitingForValue: Story = {
  args: { value: '' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading QR code');
  },
};

export const Small: Story = {
  args: { size: 160 },
  play: async ({ canvasElement }) => {
    await expect(code(canvasElement).parentElement!.getBoundingClientRect().width).toBe(160);
  },
};

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const img = code(canvasElement);
    // Dark modules on a light card in every theme, for scanners.
    await expect(getComputedStyle(img.parentElement!).backgroundColor).toBe('rgb(255, 255, 255)');
    await expect(getComputedStyle(img.querySelector('path')!).fill).toBe('rgb(20, 22, 26)');
  },
};
