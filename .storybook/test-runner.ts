/**
 * Hooks of the Storybook test-runner (`npm run test:storybook-runner`, scripts/test-storybook-runner.mjs), which
 * runs every story against the built Storybook: its render, its play function, then addon-a11y's axe check.
 * The stories of one title run one after another in one page, as a person clicks through them in Storybook.
 *
 * Accessibility: addon-a11y's `afterEach` (Storybook 10) runs axe in the page after the play function and adds
 * an `a11y` report to the story's STORY_FINISHED event; the runner's page script fails the story on its
 * violations when the story's `a11y.test` is `'error'` (.storybook/preview.tsx sets it for every story, as the
 * Vitest storybook project runs it). That script ignores a report whose axe run itself failed, and a story
 * that got no report at all, where Vitest fails the first and a broken set-up would give the second:
 * postVisit fails both, so a story passes only when axe ran and found nothing.
 *
 * Console errors: a story fails when `console.error` is called while it is shown, from its render to its
 * teardown (what the runner's `--failOnConsole` does, with two differences). postVisit tears the story down
 * (Storybook's own teardown: its cleanups, then the unmount), so what the teardown logs counts for this story, not
 * for the next one; and a story may log the errors listed for it in EXPECTED_CONSOLE_ERRORS below: the kit logs
 * every failed call by design (see there), and the stories of those failures would fail otherwise.
 *
 * Broken images: postVisit fails a story that shows an <img> whose load failed (complete, naturalWidth 0).
 *
 * Viewport: preVisit sizes the page as addon-vitest does for each story (its `setViewport`): the story's
 * `globals.viewport` picked from `parameters.viewport.options`, else 1200×900. The Storybook UI resizes the
 * preview iframe from the manager, which the runner has not: without this a mobile story runs at desktop size.
 */
import type { TestHook, TestRunnerConfig } from '@storybook/test-runner';

type Page = Parameters<TestHook>[0];

/**
 * The console errors that a story may log: the failures it is about, which the kit logs on purpose. Each failed
 * call of the embedded wallet's auth API is logged, then rethrown (spec §8: "Keyway auth: <call> failed" and the
 * error; "Keyway auth connector: ..." for the wagmi connector's calls), and so is each Blockchain API call that
 * fails where the kit has a fallback (spec §9, log level "error": "Keyway: <call> failed"). Anything else a
 * story logs still fails it, and so does an error of the kind listed here in any other story.
 *
 * An error logged by a story's teardown (its instance destroyed, which aborts a login it left waiting:
 * `requestAborted`) counts as that story's (postVisit tears it down).
 */
const EXPECTED_CONSOLE_ERRORS: Record<string, RegExp[]> = {
  // Blockchain API failures with a fallback (spec §9).
  'views-swapview--fee-unknown': [/^Keyway: getGasPrice failed ApiError: Internal server error$/],
  'views-walletsendview--fee-unavailable': [/^Keyway: getGasPrice failed ApiError: Internal server error$/],
  'views-buyview--quote-failed': [/^Keyway: getOnrampQuote failed ApiError: Internal server error$/],
  'views-buyview--fallback': [
    /^Keyway: getOnrampOptions failed ApiError: Internal server error$/,
    /^Keyway: getOnrampQuote failed ApiError: Internal server error$/,
  ],
  // Failed auth calls (spec §8).
  'views-connectingsocialview--connect-failed': [
    /^Keyway auth: connectSocial failed FrameRequestError: The login code has expired/,
  ],
  'views-emaillogin--timeout': [
    /^Keyway auth: connectEmail failed FrameTimeoutError: The secure frame did not answer CONNECT_EMAIL/,
  ],
  'views-emaillogin--aborted-on-close': [/^Keyway auth: connectEmail failed KeywayError: requestAborted$/],
  'views-accountsettingsview--networks-unavailable': [
    /^Keyway auth connector: getSmartAccountEnabledNetworks failed FrameRequestError: down$/,
  ],
  'views-accountsettingsview--switch-failed': [
    /^Keyway auth connector: setPreferredAccount failed FrameRequestError: Smart account not deployed$/,
  ],
  'views-updateemailview--email-refused': [
    /^Keyway auth: updateEmail failed FrameRequestError: This email is already in use$/,
  ],
  'views-updateemailprimaryotpview--wrong-code': [
    /^Keyway auth: updateEmailPrimaryOtp failed FrameRequestError: Invalid code$/,
  ],
  'views-updateemailsecondaryotpview--wrong-code': [
    /^Keyway auth: updateEmailSecondaryOtp failed FrameRequestError: Invalid code$/,
  ],
  'hooks-useupdateemail--updated': [
    /^Keyway auth: updateEmailSecondaryOtp failed FrameRequestError: Invalid code$/,
  ],
  'views-emailverifyotp--wrong-code': [/^Keyway auth: connectOtp failed FrameRequestError: Invalid code$/],
  'hooks-useemaillogin--code-then-logged-in': [
    /^Keyway auth: connectOtp failed FrameRequestError: Invalid code$/,
  ],
  'views-connectingfarcasterview--expired': [
    /^Keyway auth: connectFarcaster failed FrameRequestError: This Farcaster request has expired\.$/,
  ],
  'views-emailverifydevice--approval-expired': [
    /^Keyway auth: connectDevice failed FrameRequestError: This device approval has expired\.$/,
  ],
  // Logins left waiting when the story ends (a QR code shown, a device approval asked for) or cancelled by it:
  // the teardown's `destroy()`, or the story's cancel, aborts the pending call.
  'views-connectingfarcasterview--qr-waiting': [
    /^Keyway auth: connectFarcaster failed KeywayError: requestAborted$/,
  ],
  'views-connectingfarcasterview--cancelled': [
    /^Keyway auth: connectFarcaster failed KeywayError: requestAborted$/,
  ],
  'views-emailverifydevice--waiting-for-approval': [
    /^Keyway auth: connectDevice failed KeywayError: requestAborted$/,
  ],
  'hooks-useemaillogin--device-approval': [/^Keyway auth: connectDevice failed KeywayError: requestAborted$/],
  // Connected with the browser wallet while the embedded wallet still asks its frame whether it has a session.
  'views-registeraccountname--external-wallet-not-available': [
    /^Keyway auth: isConnected failed KeywayError: requestAborted$/,
  ],
};

/** What postVisit reads of a story's STORY_FINISHED event (recorded in the page by preVisit). */
interface FinishedSummary {
  status: string;
  reports: { type: string; status: string; error?: string; violations: string[] }[];
  a11yExpected: boolean;
}

/** How long postVisit waits for images that are still loading before it judges them. */
const IMAGE_SETTLE_MS = 10_000;

/** addon-vitest's size for a story that names no viewport (DEFAULT_VIEWPORT_DIMENSIONS). */
const DEFAULT_VIEWPORT = { width: 1200, height: 900 };

/** storybook/viewport's MINIMAL_VIEWPORTS, which addon-vitest offers beside the project's own options. */
const MINIMAL_VIEWPORTS: Record<string, { styles?: { width?: string; height?: string } }> = {
  mobile1: { styles: { width: '320px', height: '568px' } },
  mobile2: { styles: { width: '414px', height: '896px' } },
  tablet: { styles: { width: '834px', height: '1112px' } },
  desktop: { styles: { width: '1280px', height: '1024px' } },
};

interface ViewportSettings {
  parameter?: {
    disable?: boolean;
    disabled?: boolean;
    defaultViewport?: string;
    viewports?: typeof MINIMAL_VIEWPORTS;
    options?: typeof MINIMAL_VIEWPORTS;
  };
  global?: { value?: string };
}

/**
 * Once per page, before its first story: records each story's STORY_FINISHED event, and the text of every
 * `console.error` call. The recorder wraps the page's own `console.error` before any story runs, so the runner's
 * and the stories' own wrappers all end in it.
 */
async function installRecorder(page: Page) {
  await page.waitForFunction(
    () => '__STORYBOOK_ADDONS_CHANNEL__' in globalThis && '__STORYBOOK_PREVIEW__' in globalThis,
  );
  await page.evaluate(() => {
    type Channel = { on: (event: string, listener: (data: { storyId: string }) => void) => void };
    const w = globalThis as unknown as { __keywayRunner?: unknown; __STORYBOOK_ADDONS_CHANNEL__: Channel };
    if (w.__keywayRunner) return;
    const state = { finished: {} as Record<string, unknown>, errors: [] as string[] };
    w.__keywayRunner = state;
    w.__STORYBOOK_ADDONS_CHANNEL__.on('storyFinished', (data) => {
      state.finished[data.storyId] = data;
    });
    const describe = (value: unknown): string => {
      if (typeof value === 'string') return value;
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      try {
        return JSON.stringify(value) ?? String(value);
      } catch {
        return String(value);
      }
    };
    const original = console.error;
    console.error = function (this: unknown, ...args: unknown[]) {
      state.errors.push(args.map(describe).join(' '));
      return original.apply(this, args);
    };
  });
}

/** Before a story: forgets what an earlier visit of it reported. */
async function forgetStory(page: Page, storyId: string) {
  await page.evaluate((id) => {
    const state = (globalThis as unknown as { __keywayRunner: { finished: Record<string, unknown> } })
      .__keywayRunner;
    delete state.finished[id];
  }, storyId);
}

/** The texts of the `console.error` calls since the last call. */
async function takeConsoleErrors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (globalThis as unknown as { __keywayRunner: { errors: string[] } }).__keywayRunner.errors.splice(0),
  );
}

/** How long a story that failed may take to finish its render (to 'finished' or 'errored') before its teardown. */
const SETTLE_MS = 10_000;

/**
 * Tears the shown story down as Storybook does when the next one is selected (its cleanups, then the unmount),
 * so that what its teardown logs is seen now. Selecting the next story then finds it torn down already. A story
 * whose play function failed goes on to its end (animations, afterEach) after the runner has the failure:
 * Storybook reloads the page when it tears a story down mid-render, so its end is waited for first; one that
 * does not reach it is left to the next selection.
 */
async function teardownStory(page: Page) {
  type Render = { isPending?: () => boolean };
  type Preview = { currentRender?: Render; teardownRender(render: Render): Promise<void> };
  const settled = await page
    .waitForFunction(
      () => {
        const preview = (globalThis as unknown as { __STORYBOOK_PREVIEW__: Preview }).__STORYBOOK_PREVIEW__;
        return !preview.currentRender?.isPending?.();
      },
      undefined,
      { timeout: SETTLE_MS },
    )
    .then(
      () => true,
      () => false,
    );
  if (!settled) return;
  await page.evaluate(async () => {
    const preview = (globalThis as unknown as { __STORYBOOK_PREVIEW__: Preview }).__STORYBOOK_PREVIEW__;
    if (preview.currentRender) await preview.teardownRender(preview.currentRender);
  });
}

async function readStoryFinished(page: Page, storyId: string): Promise<FinishedSummary | null> {
  return page.evaluate((id) => {
    type Report = {
      type: string;
      status: string;
      result?: {
        error?: unknown;
        violations?: { id: string; help: string; nodes: { target: unknown[] }[] }[];
      };
    };
    const w = globalThis as unknown as {
      __keywayRunner: { finished: Record<string, { status: string; reporters?: Report[] }> };
      __STORYBOOK_PREVIEW__?: {
        currentRender?: {
          story?: {
            parameters?: { a11y?: { disable?: boolean; test?: string } };
            globals?: { a11y?: { manual?: boolean } };
          };
        };
      };
    };
    const data = w.__keywayRunner.finished[id];
    if (!data) return null;
    const story = w.__STORYBOOK_PREVIEW__?.currentRender?.story;
    const a11y = story?.parameters?.a11y;
    return {
      status: data.status,
      reports: (data.reporters ?? []).map((report) => {
        const error = report.result?.error;
        return {
          type: report.type,
          status: report.status,
          error:
            error === undefined
              ? undefined
              : error instanceof Error
                ? `${error.name}: ${error.message}`
                : String(error),
          violations: (report.result?.violations ?? []).map(
            (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
          ),
        };
      }),
      // addon-a11y's own condition for running axe after the play function.
      a11yExpected: a11y?.disable !== true && a11y?.test !== 'off' && story?.globals?.a11y?.manual !== true,
    };
  }, storyId);
}

/** A viewport dimension in CSS pixels ("360px" or 360); the project's options use nothing else. */
function pixels(value: string | number, name: string, viewport: string): number {
  if (typeof value === 'number' || /^\d+(px)?$/.test(value)) return Number.parseInt(String(value), 10);
  throw new Error(`Viewport "${viewport}": ${name} "${value}" is not in pixels.`);
}

/** The story's page size, as addon-vitest's setViewport picks it. */
async function storyViewport(page: Page, storyId: string) {
  const settings = await page.evaluate(async (id): Promise<ViewportSettings> => {
    type Preview = {
      ready(): Promise<void>;
      loadStory(args: { storyId: string }): Promise<unknown>;
      getStoryContext(story: unknown): {
        parameters: { viewport?: ViewportSettings['parameter'] };
        globals: { viewport?: ViewportSettings['global'] };
      };
    };
    const preview = (globalThis as unknown as { __STORYBOOK_PREVIEW__: Preview }).__STORYBOOK_PREVIEW__;
    await preview.ready();
    const context = preview.getStoryContext(await preview.loadStory({ storyId: id }));
    return { parameter: context.parameters.viewport, global: context.globals.viewport };
  }, storyId);
  const parameter = settings.parameter ?? {};
  const disabled = parameter.disable || parameter.disabled;
  const name = !disabled ? settings.global?.value || parameter.defaultViewport : undefined;
  const options = { ...MINIMAL_VIEWPORTS, ...parameter.viewports, ...parameter.options };
  const styles = name ? options[name]?.styles : undefined;
  if (!name || !styles?.width || !styles.height) return DEFAULT_VIEWPORT;
  return {
    width: pixels(styles.width, 'width', name),
    height: pixels(styles.height, 'height', name),
  };
}

async function findBrokenImages(page: Page): Promise<string[]> {
  // An image still loading is not judged yet: wait until each has loaded or failed (lazy ones may never start).
  await page
    .waitForFunction(
      () => Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'),
      undefined,
      { timeout: IMAGE_SETTLE_MS },
    )
    .catch(() => undefined);
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.getAttribute('src') && img.complete && img.naturalWidth === 0)
      .map((img) => {
        const html = img.outerHTML;
        return html.length > 300 ? `${html.slice(0, 300)}…` : html;
      }),
  );
}

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    await installRecorder(page);
    await forgetStory(page, context.id);
    await page.setViewportSize(await storyViewport(page, context.id));
  },

  async postVisit(page, context) {
    // The runner already failed the story (play function, axe violation) and reports that: only the teardown.
    if (context.hasFailure) {
      await teardownStory(page);
      await takeConsoleErrors(page);
      return;
    }
    const failures: string[] = [];

    const finished = await readStoryFinished(page, context.id);
    if (!finished) failures.push('The story never reported STORY_FINISHED.');
    const failedReports = finished?.reports.filter((r) => r.status === 'failed') ?? [];
    if (failedReports.length) {
      const lines = failedReports.map(
        (r) => `- ${r.type}: ${r.error ?? (r.violations.join('\n    ') || 'failed')}`,
      );
      failures.push(`A check of the story failed:\n${lines.join('\n')}`);
    }
    if (finished?.a11yExpected && !finished.reports.some((r) => r.type === 'a11y')) {
      failures.push("addon-a11y's axe check did not run (no a11y report).");
    }

    const broken = await findBrokenImages(page);
    if (broken.length) {
      failures.push(
        `${broken.length} broken image(s) (load failed: complete, naturalWidth 0):\n` +
          broken.map((html) => `- ${html}`).join('\n'),
      );
    }

    await teardownStory(page);
    const expected = EXPECTED_CONSOLE_ERRORS[context.id] ?? [];
    const unexpected = (await takeConsoleErrors(page)).filter(
      (text) => !expected.some((re) => re.test(text)),
    );
    if (unexpected.length) {
      failures.push(
        'console.error was called (a story may log only the errors listed for it in .storybook/test-runner.ts):\n' +
          unexpected.map((text) => `- ${text}`).join('\n'),
      );
    }

    if (failures.length) throw new Error(`${context.id}:\n${failures.join('\n')}`);
  },
};

export default config;
