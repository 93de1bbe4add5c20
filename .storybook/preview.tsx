import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { I18nProvider } from '../src/i18n/context';
import { LOCALES } from '../src/i18n/locales';
import { createTheme, ThemeScope } from '../src/theme';
import { previewPage } from './preview.css';

// A play function's waitFor and findBy* wait up to 10 s for what they look for (the library's default is
// 1 s): they return as soon as it is there, and a loaded machine (a story's first load on a cold cache,
// 2 cores shared with other suites) can take longer than a second.
configure({ asyncUtilTimeout: 10_000 });

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

/**
 * The toolbar's Locale: every kit provider in the story (a story's own KeywayProvider included) follows it, and
 * the kit roots take its direction. English, the default, sets no locale, so the Direction toolbar decides then;
 * the browser's own languages are not followed, so every designer sees the locale the toolbar names.
 */
const withLocale: Decorator = (Story, context) => {
  const locale = typeof context.globals.locale === 'string' ? context.globals.locale : 'en';
  return (
    <I18nProvider locale={locale === 'en' ? undefined : locale} visitorLanguage={false}>
      <Story />
    </I18nProvider>
  );
};

const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  tr: 'Türkçe',
  ru: 'Русский',
  'zh-CN': '简体中文',
  ja: '日本語',
  ko: '한국어',
  ar: 'العربية',
  he: 'עברית',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  uk: 'Українська',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  'zh-HK': '繁體中文（香港）',
  'zh-TW': '繁體中文（台灣）',
  fa: 'فارسی',
};

const preview: Preview = {
  decorators: [withTheme, withDirection, withLocale],
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
    locale: {
      description: 'Language of the kit',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: LOCALES.map((value) => ({ value, title: LOCALE_NAMES[value] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', direction: 'ltr', locale: 'en', viewport: { value: undefined } },
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
    // The docs site's order: what the kit is, the guides, then the parts from the largest to the smallest.
    options: {
      storySort: { order: ['Introduction', 'Guides', 'Flows', 'Views', 'Hooks', 'Components', 'Theme'] },
    },
  },
};

export default preview;
