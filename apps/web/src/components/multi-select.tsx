import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { SelectDropdown, type SelectFieldProps } from './select-dropdown.tsx';
import { filterSelectOptions } from './select-options.ts';

/** SPEC.md §2: multi-select texts and sizes. */
export const MULTI_SELECT_PLACEHOLDER = 'Select Option';
export const MULTI_SELECT_LIST_MAX_HEIGHT = 300;
export const SELECTED_AREA_MIN_HEIGHT = 44;
export const SELECTED_AREA_MAX_HEIGHT = 100;

export type MultiSelectProps = SelectFieldProps & {
  /** The chosen options' values, in the order they were chosen; 'Select Option' shows while none is. */
  value: string[];
  onChange: (value: string[]) => void;
};

/** Adds the value when it is not chosen yet, removes it when it is. */
export function toggleSelectedValue(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

/**
 * A multi select (SPEC.md §2, §4): stays open after a choice, so several can be picked in a row;
 * a chosen item's × removes it unless the control is disabled. The chosen items sit in an area
 * 44–100 px high that scrolls. Keyboard: Enter, Space or arrows open; Backspace removes the last.
 */
export function MultiSelect({
  label,
  value,
  onChange,
  options,
  entity,
  placeholder = MULTI_SELECT_PLACEHOLDER,
  withAsterisk,
  error,
  description,
  disabled,
  onBlur,
  maxListHeight = MULTI_SELECT_LIST_MAX_HEIGHT,
  footer,
  id,
  size,
  className,
}: MultiSelectProps) {
  const [search, setSearch] = useState('');
  const store = useCombobox({
    onDropdownOpen: () => store.focusSearchInput(),
    onDropdownClose: (source) => {
      store.resetSelectedOption();
      setSearch('');
      if (source === 'keyboard') store.focusTarget();
      onBlur?.();
    },
  });
  const labelOf = (item: string) => options.find((option) => option.value === item)?.label ?? item;
  const remove = (item: string) => {
    if (!disabled) onChange(value.filter((chosen) => chosen !== item));
  };

  return (
    <Combobox store={store} size={size} onOptionSubmit={(item) => onChange(toggleSelectedValue(value, item))}>
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          label={label}
          withAsterisk={withAsterisk}
          error={error}
          description={description}
          disabled={disabled}
          size={size}
          className={className}
          pointer
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          styles={{ input: { minHeight: SELECTED_AREA_MIN_HEIGHT, maxHeight: SELECTED_AREA_MAX_HEIGHT, overflowY: 'auto' } }}
          onClick={() => {
            if (!disabled) store.toggleDropdown();
          }}
        >
          <Pill.Group>
            {value.map((item) => (
              <Pill
                key={item}
                withRemoveButton={!disabled}
                onRemove={() => remove(item)}
                removeButtonProps={{ 'aria-label': `Remove ${labelOf(item)}`, 'aria-hidden': false }}
              >
                {labelOf(item)}
              </Pill>
            ))}
            <Combobox.EventsTarget targetType="button" withExpandedAttribute>
              <PillsInput.Field
                readOnly
                pointer
                placeholder={value.length === 0 ? placeholder : undefined}
                onKeyDown={(event) => {
                  const last = value.at(-1);
                  if (event.key === 'Backspace' && last !== undefined) {
                    event.preventDefault();
                    remove(last);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <SelectDropdown
        store={store}
        options={filterSelectOptions(options, search)}
        search={search}
        onSearchChange={setSearch}
        entity={entity}
        maxListHeight={maxListHeight}
        isSelected={(candidate) => value.includes(candidate)}
        listLabel={typeof label === 'string' ? label : undefined}
        footer={footer}
      />
    </Combobox>
  );
}
