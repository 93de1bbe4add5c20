import { composeStories } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { Text } from '../src/components/Text/Text';
import * as AddressInputStories from '../stories/components/AddressInput.stories';
import * as AmountInputStories from '../stories/components/AmountInput.stories';
import * as CheckboxStories from '../stories/components/Checkbox.stories';
import * as InputStories from '../stories/components/Input.stories';
import * as OtpInputStories from '../stories/components/OtpInput.stories';
import * as TabsStories from '../stories/components/Tabs.stories';

// The interactive primitives' own stories (their args, their render), shown in their initial state.
const Input = composeStories(InputStories);
const Otp = composeStories(OtpInputStories);
const Amount = composeStories(AmountInputStories);
const Address = composeStories(AddressInputStories);
const Checkbox = composeStories(CheckboxStories);
const Tabs = composeStories(TabsStories);

const sheet: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  gap: 24,
  padding: 16,
  background: 'var(--kw-color-background)',
};
const panel: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 };

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={panel}>
      <Text variant="label" as="h2">
        {title}
      </Text>
      {children}
    </section>
  );
}

export function InteractiveSheet() {
  return (
    <div style={sheet}>
      <Panel title="Input">
        <Input.Default />
        <Input.WithHint />
        <Input.WithError />
        <Input.Disabled />
      </Panel>
      <Panel title="OtpInput">
        <Otp.Empty />
        <Otp.Filled />
        <Otp.ErrorState />
      </Panel>
      <Panel title="AmountInput">
        <Amount.WithFiat />
        <Amount.WithError />
      </Panel>
      <Panel title="AddressInput">
        <Address.ResolvedName />
        <Address.WithError />
      </Panel>
      <Panel title="Checkbox">
        <Checkbox.Unchecked />
        <Checkbox.Checked />
        <Checkbox.ErrorState />
      </Panel>
      <Panel title="Tabs">
        <Tabs.Default />
      </Panel>
    </div>
  );
}
