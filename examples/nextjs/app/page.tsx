import { createTheme, ThemeScope } from 'keyway/theme';
import { ConnectButton, KeywayModal } from 'keyway/views';
import Link from 'next/link';

// A fixed mode: 'system' would read the visitor's preference, which a server cannot know. The accent is set
// through the CSSOM once the page has hydrated (no style attribute for the strict CSP to block).
const theme = createTheme({ mode: 'light', accentColor: '#3b5bdb' });

/** A Server Component page: the kit's styled button and modal arrive as client components. */
export default function Home() {
  return (
    <main>
      <h1>Keyway on Next.js</h1>
      {/* The kit's styles apply inside a ThemeScope (the modal brings its own). */}
      <ThemeScope theme={theme}>
        <ConnectButton />
      </ThemeScope>
      <KeywayModal theme={theme} />
      <p>
        <Link href="/headless">Your own UI (headless)</Link>
      </p>
    </main>
  );
}
