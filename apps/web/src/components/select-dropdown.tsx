import { CheckIcon, Combobox, Group, type ComboboxStore, type MantineSize } from '@mantine/core';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import { emptyOptionsText, groupSelectOptions, type SelectOption } from './select-options.ts';

export const SEARCH_PLACEHOLDER = 'Search';

/** What every select field takes besides its value: label, options, states and list limits. */
export type SelectFieldProps = {
  label?: ReactNode;
  options: SelectOption[];
  /** Names the empty state: 'client' reads 'No client found.' */
  entity: string;
  placeholder?: string;
  withAsterisk?: boolean;
  /** Shown under the field only when given (forms pass it once the field is touched). */
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Called when the dropdown closes, so forms can mark the field as touched. */
  onBlur?: () => void;
  /** List height limit in px (each select has its own default). */
  maxListHeight?: number;
  /** Shown under the list, e.g. an 'Add new client' link. */
  footer?: ReactNode;
  id?: string;
  size?: MantineSize;
  className?: string;
};

type SelectDropdownProps = {
  store: ComboboxStore;
  /** The options left after searching. */
  options: SelectOption[];
  search: string;
  onSearchChange: (search: string) => void;
  /** Names the empty state: 'client' reads 'No client found.' */
  entity: string;
  /** The list's height limit in px; the list scrolls beyond it. */
  maxListHeight: number;
  isSelected: (value: string) => boolean;
  /** Names the list for screen readers (the field's label). */
  listLabel?: string;
  /** Shown under the list, e.g. an 'Add new client' link. */
  footer?: ReactNode;
};

/**
 * The dropdown every select shares (SPEC.md §2): a 'Search' box, the options under their group
 * headings, 'No {entity} found.' when nothing matches, and an optional footer.
 */
export function SelectDropdown({
  store,
  options,
  search,
  onSearchChange,
  entity,
  maxListHeight,
  isSelected,
  listLabel,
  footer,
}: SelectDropdownProps) {
  const closeAndReturnFocus = (event: KeyboardEvent<HTMLInputElement>) => {
    // The list lives in a portal, so Tab would leave the page's order: close and go back instead.
    if (event.key !== 'Tab') return;
    event.preventDefault();
    store.closeDropdown('keyboard');
    store.targetRef.current?.focus();
  };

  const renderOption = (option: SelectOption) => {
    const selected = isSelected(option.value);
    return (
      <Combobox.Option value={option.value} key={option.value} active={selected} aria-selected={selected}>
        <Group gap="xs" wrap="nowrap">
          {selected ? <CheckIcon size={12} aria-hidden /> : null}
          <span>{option.label}</span>
        </Group>
      </Combobox.Option>
    );
  };

  return (
    <Combobox.Dropdown>
      <Combobox.Search
        value={search}
        onChange={(event) => {
          onSearchChange(event.currentTarget.value);
          store.resetSelectedOption();
        }}
        onKeyDown={closeAndReturnFocus}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label={SEARCH_PLACEHOLDER}
      />
      <Combobox.Options aria-label={listLabel} style={{ maxHeight: maxListHeight, overflowY: 'auto' }}>
        {options.length === 0 ? (
          <Combobox.Empty>{emptyOptionsText(entity)}</Combobox.Empty>
        ) : (
          groupSelectOptions(options).map((section) =>
            section.group === null ? (
              <Fragment key="ungrouped">{section.options.map(renderOption)}</Fragment>
            ) : (
              <Combobox.Group label={section.group} key={`group-${section.group}`}>
                {section.options.map(renderOption)}
              </Combobox.Group>
            ),
          )
        )}
      </Combobox.Options>
      {footer ? <Combobox.Footer>{footer}</Combobox.Footer> : null}
    </Combobox.Dropdown>
  );
}
