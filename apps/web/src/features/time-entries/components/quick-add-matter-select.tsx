import { Combobox, Input, InputBase, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { QuickLineCandidate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { SelectDropdown } from '../../../components/select-dropdown.tsx';
import { SINGLE_SELECT_LIST_MAX_HEIGHT } from '../../../components/searchable-select.tsx';
import { matchQuickLine } from '../api/quick-add-match.ts';

const SEARCH_DELAY_MS = 250;

/** "MAT-00012 — Adeyemi v Bello · Oluwaseun Adeyemi": the matter with its client, so two alike tell apart. */
export const quickAddMatterLabel = (matter: QuickLineCandidate) => `${matterOptionLabel(matter)} · ${matter.clientName}`;

type QuickAddMatterSelectProps = {
  /** What the line named, best first: the list before anything is searched. */
  candidates: QuickLineCandidate[];
  value: QuickLineCandidate | null;
  onChange: (matter: QuickLineCandidate) => void;
  description?: ReactNode;
  error?: ReactNode;
};

/**
 * The matter of a quick-add line: the line's candidates, and the 'Search' box asks the server for
 * any other open matter of the firm by name, client or number (a firm's matters are too many to
 * send whole). Keyboard as every select: Enter, Space or the arrows open it, Enter chooses.
 */
export function QuickAddMatterSelect({ candidates, value, onChange, description, error }: QuickAddMatterSelectProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const store = useCombobox({
    onDropdownOpen: () => store.focusSearchInput(),
    onDropdownClose: (source) => {
      store.resetSelectedOption();
      setSearch('');
      if (source === 'keyboard') store.focusTarget();
    },
  });
  const searched = useQuery({
    queryKey: ['quick-add-matter-search', debouncedSearch],
    queryFn: () => matchQuickLine(debouncedSearch),
    enabled: debouncedSearch !== '',
    staleTime: 30_000,
  });
  const shown = search.trim() === '' ? candidates : (searched.data?.candidates ?? []);
  const byId = new Map([...candidates, ...shown].map((matter) => [matter.id, matter]));

  return (
    <Combobox
      store={store}
      onOptionSubmit={(id) => {
        const chosen = byId.get(id);
        if (chosen) onChange(chosen);
        store.closeDropdown();
        store.focusTarget();
      }}
    >
      <Combobox.Target targetType="button" withExpandedAttribute>
        <InputBase
          component="button"
          type="button"
          pointer
          label="Matter"
          withAsterisk
          description={description}
          error={error}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => store.toggleDropdown()}
        >
          {value ? (
            <span
              title={quickAddMatterLabel(value)}
              style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {quickAddMatterLabel(value)}
            </span>
          ) : (
            <Input.Placeholder>Choose the matter</Input.Placeholder>
          )}
        </InputBase>
      </Combobox.Target>
      <SelectDropdown
        store={store}
        options={shown.map((matter) => ({ value: matter.id, label: quickAddMatterLabel(matter) }))}
        search={search}
        onSearchChange={setSearch}
        entity="matter"
        maxListHeight={SINGLE_SELECT_LIST_MAX_HEIGHT}
        isSelected={(id) => id === value?.id}
        listLabel="Matter"
      />
    </Combobox>
  );
}
