import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState, type CSSProperties } from 'react';

const SEARCH_DELAY_MS = 300;

export type ListSearchInputProps = {
  label: string;
  placeholder?: string;
  /** The search the list holds (its URL's `search`, which the global search also sets). */
  value: string;
  onSearch: (text: string) => void;
  style?: CSSProperties;
};

/**
 * A list's search box: it shows what is typed at once and searches after a short pause (Enter
 * searches at once). A new search from outside (the global search, Clear filters) replaces the text
 * and drops a search still waiting.
 */
export function ListSearchInput({ label, placeholder, value, onSearch, style }: ListSearchInputProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const search = useDebouncedCallback((typed: string) => {
    setShownValue(typed.trim());
    onSearch(typed.trim());
  }, SEARCH_DELAY_MS);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  // `search` keeps its identity; its cancel is read when the value changes.
  useEffect(() => () => search.cancel(), [value, search]);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      value={text}
      style={style}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
    />
  );
}
