import { Button, Stack } from '@mantine/core';
import type { Court } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';
import { courtLabel, courtsQuery } from '../api/courts.ts';

type CourtChoice = Pick<Court, 'id' | 'name' | 'division'>;

export type CourtSelectFieldProps = {
  value: string;
  onChange: (courtId: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Opens the "Add court" modal (rendered by the form, outside its <form>). */
  onAddCourt: () => void;
  /**
   * Courts listed even if the firm's list lacks them: the edited update's own, and the court just
   * added (before, or if never, the refreshed list has it).
   */
  extraCourts?: (CourtChoice | null | undefined)[];
};

/** The firm's courts, searchable, with "Add court" for one not listed yet. */
export function CourtSelectField({ value, onChange, onBlur, error, onAddCourt, extraCourts = [] }: CourtSelectFieldProps) {
  const courts = useQuery(courtsQuery);
  const options: SelectOption[] = (courts.data ?? []).map((court) => ({ value: court.id, label: courtLabel(court) }));
  for (const extra of extraCourts) {
    if (extra && !options.some((option) => option.value === extra.id)) options.push({ value: extra.id, label: courtLabel(extra) });
  }

  return (
    <Stack gap={4}>
      <SearchableSelect
        label="Court"
        withAsterisk
        entity="court"
        placeholder={courts.isPending ? 'Loading courts…' : 'Select court'}
        options={options}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
      />
      <Button variant="subtle" size="compact-sm" onClick={onAddCourt} style={{ alignSelf: 'flex-start' }}>
        Add court
      </Button>
    </Stack>
  );
}
