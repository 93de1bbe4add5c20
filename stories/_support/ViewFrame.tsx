/** A static card that looks like the modal, for rendering one view in a story (no dialog, no portal). */
import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { KeywayToasts } from '../../src/views/KeywayToasts';
import { withKeyway } from './keyway';
import * as s from './ViewFrame.css';

export function ViewFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main>
      <section className={s.frame} aria-labelledby="kw-story-view-title">
        <h2 id="kw-story-view-title" className={s.title}>
          {title}
        </h2>
        {children}
      </section>
      <KeywayToasts />
    </main>
  );
}

/** Decorators of a view story: the frame inside the story's Keyway instance. */
export function viewDecorators(title: string): Decorator[] {
  const frame: Decorator = (Story, context) => (
    <ViewFrame title={(context.parameters.viewTitle as string | undefined) ?? title}>
      <Story />
    </ViewFrame>
  );
  return [frame, withKeyway];
}
