import { Button, Paper, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type ListFilterBarProps = {
  /** The filter fields, the search box first. */
  children: ReactNode;
  /** Columns from the widest screen down; one column on a phone. */
  columns?: SimpleGridProps['cols'];
  /** Offers "Clear filters" (enabled while any filter is set). */
  onClear?: (() => void) | undefined;
  isFiltered?: boolean;
  label?: string;
  /** Under the grid: switches and other whole-width choices. */
  footer?: ReactNode;
};

/** The filters above a list, in a named region so a screen reader can jump to them. */
export function ListFilterBar({
  children,
  columns = { base: 1, sm: 2, lg: 4 },
  onClear,
  isFiltered = false,
  label = 'Filters',
  footer,
}: ListFilterBarProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <SimpleGrid cols={columns} spacing="sm">
        {children}
        {onClear && (
          <Button variant="subtle" disabled={!isFiltered} style={{ alignSelf: 'end' }} onClick={onClear}>
            Clear filters
          </Button>
        )}
      </SimpleGrid>
      {footer}
    </Paper>
  );
}
