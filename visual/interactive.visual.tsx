import { afterAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { Modal } from '../src/components/Modal/Modal';
import { Text } from '../src/components/Text/Text';
import { createTheme } from '../src/theme';
import { modalTexts } from '../stories/components/_texts';
import { FeedbackSheet } from './FeedbackSheet';
import { cleanup, MODES, settle, show, WIDTHS } from './harness';
import { InteractiveSheet } from './InteractiveSheet';

afterAll(cleanup);

describe('interactive primitives', () => {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      test(`${mode} at ${width}px`, async () => {
        const root = await show(<InteractiveSheet />, { mode, width });
        await expect.element(root).toMatchScreenshot(`interactive-${mode}-${width}`);
      });
    }
  }
});

describe('modal shell', () => {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      test(`${mode} at ${width}px (bottom sheet under 480px)`, async () => {
        const theme = createTheme({ mode });
        await show(
          <Modal
            open
            onOpenChange={() => undefined}
            title="Connect Wallet"
            onBack={() => undefined}
            theme={theme}
            {...modalTexts}
          >
            <Text variant="body">Choose how you want to connect.</Text>
          </Modal>,
          { theme, width },
        );
        const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
        await expect.element(dialog).toBeVisible();
        await settle();
        await expect.element(dialog).toMatchScreenshot(`modal-${mode}-${width}`);
      });
    }
  }
});

describe('QR code, toasts and tooltips', () => {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      test(`${mode} at ${width}px`, async () => {
        const root = await show(<FeedbackSheet />, { mode, width });
        await expect.element(page.getByRole('img', { name: 'QR code to connect' })).toBeVisible();
        await expect.element(page.getByText('Copy address')).toBeVisible();
        await settle();
        await expect.element(root).toMatchScreenshot(`feedback-${mode}-${width}`);
      });
    }
  }
});
