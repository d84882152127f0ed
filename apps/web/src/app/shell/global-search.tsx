import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_BOX_WIDTH_PX, SEARCH_PLACEHOLDER, searchEntriesFor } from './search-entries.ts';

/** SPEC.md §2: a 441 px search box offering '{text} in {section}' entries. */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const entries = searchEntriesFor(text);

  useEffect(() => {
    if (entries.length > 0) combobox.selectFirstOption();
    // Re-select the first entry whenever the text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <Combobox
      store={combobox}
      // In the top bar, not a portal: the open list stays inside the page's banner landmark (axe: region).
      withinPortal={false}
      onOptionSubmit={(to) => {
        combobox.closeDropdown();
        setText('');
        navigate(to);
      }}
    >
      <Combobox.Target>
        <TextInput
          style={{ width: SEARCH_BOX_WIDTH_PX, maxWidth: '100%' }}
          aria-label="Global search"
          placeholder={SEARCH_PLACEHOLDER}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={entries.length === 0}>
        <Combobox.Options aria-label="Search results">
          {entries.map((entry) => (
            <Combobox.Option value={entry.to} key={entry.section}>
              {entry.label}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
