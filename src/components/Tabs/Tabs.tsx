import { Tabs as ArkTabs } from '@ark-ui/react';
import type { ReactNode } from 'react';
import * as s from './Tabs.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Controlled selected tab; omit and use `defaultValue` to let the component hold it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Names the tab list for screen readers ("Account sections"). */
  'aria-label': string;
  /** Keep hidden panels mounted (keeps their state and scroll). Default: unmounted when hidden. */
  keepMounted?: boolean;
  className?: string;
}

/** Tabs (Ark Tabs): arrow keys move between tabs, the selected one shows its panel. */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  'aria-label': ariaLabel,
  keepMounted = false,
  className,
}: TabsProps) {
  return (
    <ArkTabs.Root
      className={className ? `${s.root} ${className}` : s.root}
      value={value}
      defaultValue={defaultValue ?? items.find((i) => !i.disabled)?.value}
      onValueChange={(details) => onValueChange?.(details.value)}
      lazyMount={!keepMounted}
      unmountOnExit={!keepMounted}
      activationMode="automatic"
    >
      <ArkTabs.List className={s.list} aria-label={ariaLabel}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className={s.trigger}>
            {item.label}
          </ArkTabs.Trigger>
        ))}
        <ArkTabs.Indicator className={s.indicator} />
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={s.content}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}
