import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
import './search-box.css';

/** Spec: search is debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchBoxProps = {
  /** The committed search (e.g. from the URL); the input follows it when it changes. */
  value: string;
  /** Called 500 ms after the user stops typing, and at once on Clear. */
  onSearch: (value: string) => void;
  label?: string;
  placeholder?: string;
  debounceMs?: number;
  disabled?: boolean;
};

export function SearchBox({
  value,
  onSearch,
  label = 'Search recipes',
  placeholder = 'Search recipes…',
  debounceMs = SEARCH_DEBOUNCE_MS,
  disabled,
}: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: string) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), debounceMs);
  };

  return (
    <div className="rh-search-box" role="search">
      <div className="rh-search-box__field">
        <Search className="rh-search-box__icon" size={18} aria-hidden />
        <input
          type="search"
          className="rh-search-box__input"
          aria-label={label}
          placeholder={placeholder}
          value={draft}
          disabled={disabled}
          onChange={(event) => schedule(event.target.value)}
        />
      </div>
      <Button
        variant="secondary"
        disabled={disabled || draft === ''}
        onClick={() => {
          clearTimeout(timer.current);
          setDraft('');
          onSearch('');
        }}
      >
        Clear
      </Button>
    </div>
  );
}
