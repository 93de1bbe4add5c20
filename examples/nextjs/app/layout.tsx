import 'keyway/styles.css';
import { cookieToInitialState } from 'keyway/ssr';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { exampleConfig } from './config';
import { Providers } from './providers';

export const metadata = { title: 'Keyway on Next.js' };

/** A Server Component: the connection cookie is read from the request, so the first HTML shows the account. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState((await headers()).get('cookie'));
  return (
    <html lang="en">
      <body>
        <Providers config={exampleConfig()} initialState={initialState}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
