import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { UrlPolicyContext } from '../../src/components/_safe/urlPolicy';
import { Image } from '../../src/components/Image/Image';
import { BROKEN_IMAGE, icons, JAVASCRIPT_URL } from './_fixtures';
import localIconPath from './assets/local-wallet.svg?no-inline';

/** Served by the dev server at http://localhost:<port>/...: what an instance's `allowLocalhost` policy is for. */
const localIcon = new URL(localIconPath, window.location.href).href;
const blobSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#1f7a3f"/></svg>';

const meta = {
  title: 'Components/Image',
  tags: ['autodocs'],
  component: Image,
  args: { src: icons.fox, alt: 'MetaMask logo', size: 'xl', shape: 'rounded' },
  argTypes: {
    size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] },
    shape: { control: 'inline-radio', options: ['square', 'rounded', 'circle'] },
  },
} satisfies Meta<typeof Image>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DataUrl: Story = {
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'MetaMask logo' });
    await expect(img.tagName).toBe('IMG');
    await expect(img).toHaveAttribute('src', icons.fox);
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

export const BlobUrl: Story = {
  loaders: [async () => ({ blobUrl: URL.createObjectURL(new Blob([blobSvg], { type: 'image/svg+xml' })) })],
  render: (args, { loaded }) => <Image {...args} src={loaded.blobUrl as string} alt="Generated picture" />,
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Generated picture' });
    await expect(img.getAttribute('src')).toMatch(/^blob:/);
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

export const JavascriptUrlRefused: Story = {
  args: { src: JAVASCRIPT_URL },
  play: async ({ canvasElement }) => {
    // The fallback stands in, named by the alt text; no <img> ever gets the URL.
    const fallback = within(canvasElement).getByRole('img', { name: 'MetaMask logo' });
    await expect(fallback.tagName).toBe('SPAN');
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.innerHTML).not.toContain('javascript:');
  },
};

export const HttpUrlRefused: Story = {
  args: { src: 'http://example.com/logo.png' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'MetaMask logo' }).tagName).toBe('SPAN');
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const LocalhostRefusedByDefault: Story = {
  args: { src: localIcon },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(within(canvasElement).getByRole('img', { name: 'MetaMask logo' })).toHaveAttribute(
      'data-kw-image',
      'fallback',
    );
  },
};

/** Without the instance's policy a loopback image never loads. */
export const LocalhostRefused: Story = {
  args: { src: localIcon, alt: 'Local wallet' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    const fallback = within(canvasElement).getByRole('img', { name: 'Local wallet' });
    await expect(fallback).toHaveAttribute('data-kw-image', 'fallback');
  },
};

/** An instance that talks to a local stack provides `{ allowLocalhost: true }` (the views do it from its options). */
export const LocalhostAllowed: Story = {
  args: { src: localIcon, alt: 'Local wallet' },
  decorators: [
    (Story) => (
      <UrlPolicyContext.Provider value={{ allowLocalhost: true }}>
        <Story />
      </UrlPolicyContext.Provider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Local wallet' });
    await expect(img.tagName).toBe('IMG');
    await expect(img.getAttribute('src')).toMatch(/^http:\/\/(localhost|127\.0\.0\.1)[:/]/);
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

export const BrokenImageFallback: Story = {
  args: { src: BROKEN_IMAGE },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    const fallback = within(canvasElement).getByRole('img', { name: 'MetaMask logo' });
    await expect(fallback).toHaveAttribute('data-kw-image', 'fallback');
  },
};

export const Decorative: Story = {
  args: { alt: '', src: JAVASCRIPT_URL },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
    await expect(canvasElement.querySelector('[data-kw-image="fallback"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Image src={icons.coin} alt="Square" shape="square" size="lg" />
      <Image src={icons.coin} alt="Rounded" shape="rounded" size="lg" />
      <Image src={icons.coin} alt="Circle" shape="circle" size="lg" />
      <Image src={null} alt="Missing" shape="circle" size="lg" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const circle = canvas.getByRole('img', { name: 'Circle' }).parentElement as HTMLElement;
    await expect(getComputedStyle(circle).borderRadius).toBe('9999px');
    await expect(
      getComputedStyle(canvas.getByRole('img', { name: 'Square' }).parentElement as HTMLElement).borderRadius,
    ).toBe('0px');
    await expect(canvas.getByRole('img', { name: 'Missing' })).toHaveAttribute('data-kw-image', 'fallback');
  },
};
