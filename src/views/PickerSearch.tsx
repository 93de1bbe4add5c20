/** The search field and the "nothing matches" line shared by the pickers (send, swap and buy tokens, currencies). */
import type { ReactNode } from 'react';
import { Input } from '../components/Input/Input';
import * as s from './shared.css';

export interface PickerSearchProps {
  /** Accessible name of the field (visually hidden). */
  label: string;
  placeholder: string;
  query: string;
  onQuery: (query: string) => void;
}

export function PickerSearch({ label, placeholder, query, onQuery }: PickerSearchProps) {
  return (
    <Input
      label={label}
      hideLabel
      type="search"
      placeholder={placeholder}
      value={query}
      onChange={(e) => onQuery(e.target.value)}
      autoComplete="off"
    />
  );
}

/** A status line in place of an empty list. */
export function PickerEmpty({ children }: { children: ReactNode }) {
  return (
    <p className={s.status} role="status">
      {children}
    </p>
  );
}
