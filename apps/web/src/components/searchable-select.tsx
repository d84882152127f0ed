import { Combobox, Input, InputBase, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { SelectDropdown, type SelectFieldProps } from './select-dropdown.tsx';
import { filterSelectOptions } from './select-options.ts';

/** SPEC.md §2: a single select's list is at most 120 px high. */
export const SINGLE_SELECT_LIST_MAX_HEIGHT = 120;

export type SearchableSelectProps = SelectFieldProps & {
  /** The chosen option's value; '' when nothing is chosen (or when an option's value is ''). */
  value: string;
  onChange: (value: string) => void;
  name?: string;
};

/**
 * A single select with a search box in its dropdown (SPEC.md §2, §4): closes after a choice.
 * Keyboard: Enter, Space or the arrow keys open it; the arrows move through the options in the
 * search box, Enter chooses, Escape or Tab closes and returns to the field.
 */
export function SearchableSelect({
  label,
  value,
  onChange,
  options,
  entity,
  placeholder,
  withAsterisk,
  error,
  description,
  disabled,
  onBlur,
  maxListHeight = SINGLE_SELECT_LIST_MAX_HEIGHT,
  footer,
  id,
  name,
  size,
  className,
}: SearchableSelectProps) {
  const [search, setSearch] = useState('');
  const store = useCombobox({
    onDropdownOpen: () => store.focusSearchInput(),
    onDropdownClose: (source) => {
      store.resetSelectedOption();
      setSearch('');
      // Only a keyboard close returns focus; a click elsewhere keeps the focus where it went.
      if (source === 'keyboard') store.focusTarget();
      onBlur?.();
    },
  });
  const chosen = options.find((option) => option.value === value);

  return (
    <Combobox
      store={store}
      size={size}
      onOptionSubmit={(next) => {
        onChange(next);
        store.closeDropdown();
        store.focusTarget();
      }}
    >
      <Combobox.Target targetType="button" withExpandedAttribute>
        <InputBase
          component="button"
          type="button"
          pointer
          id={id}
          name={name}
          label={label}
          withAsterisk={withAsterisk}
          error={error}
          description={description}
          disabled={disabled}
          size={size}
          className={className}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => store.toggleDropdown()}
        >
          {chosen ? (
            // A long choice (a matter's full name) stays on one line inside the field; the title holds it all.
            <span title={chosen.label} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {chosen.label}
            </span>
          ) : (
            <Input.Placeholder>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      </Combobox.Target>
      <SelectDropdown
        store={store}
        options={filterSelectOptions(options, search)}
        search={search}
        onSearchChange={setSearch}
        entity={entity}
        maxListHeight={maxListHeight}
        isSelected={(candidate) => candidate === value && chosen !== undefined}
        listLabel={typeof label === 'string' ? label : undefined}
        footer={footer}
      />
    </Combobox>
  );
}
