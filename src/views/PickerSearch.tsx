/** The search field and the "nothing matches" line shared by the pickers (send, swap and buy tokens, currencies). */
import { type ReactNode, useState } from 'react';
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

export interface SearchPickerProps<T> {
  /** The view's name (`data-kw-view`). */
  view: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** Accessible name of the list. */
  listLabel: string;
  /** The line shown when nothing matches the query. */
  noMatch: ReactNode;
  items: readonly T[];
  /** Whether an item matches the query (trimmed, lower case, never empty). */
  matches: (item: T, query: string) => boolean;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/** A searchable list of choices: the search field, then the items that match what was typed. */
export function SearchPicker<T>({
  view,
  searchLabel,
  searchPlaceholder,
  listLabel,
  noMatch,
  items,
  matches,
  getKey,
  renderItem,
}: SearchPickerProps<T>) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? items.filter((item) => matches(item, q)) : items;
  return (
    <div className={s.stack} data-kw-view={view}>
      <PickerSearch label={searchLabel} placeholder={searchPlaceholder} query={query} onQuery={setQuery} />
      {shown.length === 0 ? (
        <PickerEmpty>{noMatch}</PickerEmpty>
      ) : (
        <ul className={s.list} aria-label={listLabel}>
          {shown.map((item) => (
            <li key={getKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
