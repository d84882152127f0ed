import { SearchableSelect } from '../searchable-select.tsx';
import type { ColumnSort } from './list-params.ts';
import type { FoldedSort } from './sortable-table.tsx';

export type SortSelectProps<Column extends string> = {
  /** The columns the list sorts by, as their headers name them. */
  columns: readonly FoldedSort<Column>[];
  sort: ColumnSort<Column>;
  onChange: (sort: ColumnSort<Column>) => void;
};

/** A list's order as one choice, column and direction: cards on a phone have no headers to press. */
export function SortSelect<Column extends string>({ columns, sort, onChange }: SortSelectProps<Column>) {
  const options = columns.flatMap(({ label, sortColumn }) => [
    { value: `${sortColumn}:asc`, label: `${label}, ascending` },
    { value: `${sortColumn}:desc`, label: `${label}, descending` },
  ]);
  return (
    <SearchableSelect
      label="Sort by"
      entity="sort"
      options={options}
      value={`${sort.column}:${sort.type}`}
      onChange={(value) => {
        const [column, type] = value.split(':');
        const chosen = columns.find((item) => item.sortColumn === column);
        if (chosen) onChange({ column: chosen.sortColumn, type: type === 'asc' ? 'asc' : 'desc' });
      }}
    />
  );
}
