import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { VirtualList } from '../../src/components/VirtualList/VirtualList';

interface Item {
  id: number;
  label: string;
}

const page = (from: number, size: number): Item[] =>
  Array.from({ length: size }, (_, i) => ({ id: from + i, label: `Item ${from + i + 1}` }));

const ROW = 40;

/** A list of `total` items, `pageSize` at a time: the next page arrives when the list asks for it. */
function PagedList({
  total,
  pageSize,
  onPage,
}: {
  total: number;
  pageSize: number;
  onPage?: (loaded: number) => void;
}) {
  const [items, setItems] = useState(() => page(0, pageSize));
  const [loading, setLoading] = useState(false);
  const loadMore = () => {
    setLoading(true);
    onPage?.(items.length);
    // A page arrives asynchronously, as from an API.
    queueMicrotask(() => {
      setItems((prev) => [...prev, ...page(prev.length, Math.min(pageSize, total - prev.length))]);
      setLoading(false);
    });
  };
  return (
    <div style={{ width: 320 }}>
      <VirtualList
        items={items}
        getKey={(item) => item.id}
        estimateSize={() => ROW}
        renderItem={(item) => (
          <div style={{ height: ROW, display: 'flex', alignItems: 'center' }} data-item={item.id}>
            {item.label}
          </div>
        )}
        hasMore={items.length < total}
        loading={loading}
        onEndReached={loadMore}
        aria-label="Numbers"
        focusable
        style={{ height: 240 }}
      />
    </div>
  );
}

const meta = {
  title: 'Components/VirtualList',
  tags: ['autodocs'],
  component: PagedList,
  args: { total: 10_000, pageSize: 10_000 },
} satisfies Meta<typeof PagedList>;
export default meta;
type Story = StoryObj<typeof meta>;

const rendered = (root: HTMLElement) => root.querySelectorAll('[data-item]');

/** Ten thousand items: only the visible window (and a few around it) exist in the page. */
export const LongList: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('region', { name: 'Numbers' });
    await waitFor(() => expect(rendered(canvasElement).length).toBeGreaterThan(0));
    await expect(rendered(canvasElement).length).toBeLessThan(30);
    await expect(within(list).getByText('Item 1')).toBeVisible();
    await expect(list).toHaveAttribute('tabindex', '0');
    // Scrolled to the end: the last items are rendered and the first are gone.
    list.scrollTop = list.scrollHeight;
    await waitFor(() => expect(within(list).getByText('Item 10000')).toBeInTheDocument());
    await expect(within(list).queryByText('Item 1')).toBeNull();
    await expect(rendered(canvasElement).length).toBeLessThan(30);
  },
};

/** Paged: the next page is asked for once the end comes into view, never twice for one page. */
export const NextPageNearTheEnd: Story = {
  args: { total: 60, pageSize: 20, onPage: fn() },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('region', { name: 'Numbers' });
    await waitFor(() => expect(within(list).getByText('Item 1')).toBeVisible());
    await expect(args.onPage).not.toHaveBeenCalled();
    list.scrollTop = list.scrollHeight;
    await waitFor(() => expect(within(list).getByText('Item 21')).toBeInTheDocument());
    await expect(args.onPage).toHaveBeenCalledTimes(1);
    await expect(args.onPage).toHaveBeenLastCalledWith(20);
    list.scrollTop = list.scrollHeight;
    await waitFor(() => expect(within(list).getByText('Item 41')).toBeInTheDocument());
    list.scrollTop = list.scrollHeight;
    await waitFor(() => expect(within(list).getByText('Item 60')).toBeInTheDocument());
    // Everything is loaded: no further page is asked for.
    await expect(args.onPage).toHaveBeenCalledTimes(2);
    await expect(list).not.toHaveAttribute('aria-busy');
  },
};
