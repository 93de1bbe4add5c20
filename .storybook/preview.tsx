import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { createTheme, ThemeScope } from '../src/theme';
import { previewPage } from './preview.css';

const withTheme: Decorator = (Story, context) => {
  const mode = (context.globals.theme ?? 'light') as 'light' | 'dark' | 'system';
  if (context.parameters.keywayRoot === false) return <Story />;
  return (
    <ThemeScope theme={createTheme({ mode })}>
      <div className={previewPage}>
        <Story />
      </div>
    </ThemeScope>
  );
};

/**
 * The toolbar's Direction: `dir` on the story root and on the document, since the modal and tooltips are
 * portalled to `document.body`, outside the story root.
 */
const withDirection: Decorator = (Story, context) => {
  const dir = context.globals.direction === 'rtl' ? 'rtl' : 'ltr';
  if (typeof document !== 'undefined') document.documentElement.dir = dir;
  return (
    <div dir={dir}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withTheme, withDirection],
  loaders: [mswLoader()],
  globalTypes: {
    theme: {
      description: 'Keyway theme mode',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'system', title: 'System' },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: 'Text direction of the story',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', direction: 'ltr', viewport: { value: undefined } },
  parameters: {
    layout: 'fullscreen',
    // Accessibility violations fail the story when it runs as a test.
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile: { name: 'Mobile (360)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    controls: { expanded: true },
  },
};

export default preview;
