/**
 * Hooks: the styled modal driven from the host's own controls with `useModal` (open on a view, the current
 * view, close), and the kit's toasts shown by the host's own list with `useToasts`. Built only from the
 * package's exports (`keyway`, `keyway/views`).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { kitMessage, useModal, useToasts } from '../../src/index';
import { KeywayModal, useMessageText } from '../../src/views/index';
import { keywayBeforeEach, storyHandlers, withKeyway } from '../_support/keyway';

function ModalControls() {
  const modal = useModal();
  return (
    <section aria-label="Modal">
      <button type="button" onClick={() => modal.open('Connect')}>
        Open the wallet list
      </button>
      <p role="status" data-testid="modal-state">
        {modal.isOpen ? `Open on ${modal.view}` : 'Closed'}
      </p>
      <KeywayModal />
    </section>
  );
}

function HostToasts() {
  const say = useMessageText();
  const { toasts, show, dismiss } = useToasts();
  return (
    <section aria-label="Toasts">
      <button
        type="button"
        onClick={() => show({ message: kitMessage('addressCopied'), variant: 'success' })}
      >
        Show a message
      </button>
      <ul aria-label="Messages">
        {toasts.map((t) => (
          <li key={t.id}>
            {t.variant}: {say(t.message)}{' '}
            <button type="button" onClick={() => dismiss(t.id)}>
              Dismiss {say(t.message)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ModalAndToasts() {
  return (
    <>
      <ModalControls />
      <HostToasts />
    </>
  );
}

const meta = {
  title: 'Hooks/useModal and useToasts',
  component: ModalAndToasts,
  decorators: [withKeyway],
  beforeEach: keywayBeforeEach,
  parameters: { chromatic: { disableSnapshot: true }, msw: { handlers: storyHandlers() } },
} satisfies Meta<typeof ModalAndToasts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The host opens the modal on Connect; Escape closes it and the host's status follows. */
export const OpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Closed');
    await userEvent.click(canvas.getByRole('button', { name: 'Open the wallet list' }));
    await expect(
      await screen.findByRole('dialog', { name: 'Connect wallet' }, { timeout: 10_000 }),
    ).toBeVisible();
    // The open modal hides the page from assistive technology (aria-hidden): read the host's line directly.
    await expect(canvas.getByTestId('modal-state')).toHaveTextContent('Open on Connect');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent('Closed');
  },
};

/** The host's own list shows a message of the kit's toast store until it is dismissed (or goes by itself after 4 s). */
export const HostToastList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show a message' }));
    const list = within(canvas.getByRole('list', { name: 'Messages' }));
    await expect(list.getByRole('listitem')).toHaveTextContent('success: Address copied');
    await userEvent.click(list.getByRole('button', { name: 'Dismiss Address copied' }));
    await expect(list.queryAllByRole('listitem')).toHaveLength(0);
  },
};
