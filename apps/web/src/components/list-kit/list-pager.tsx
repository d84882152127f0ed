import { Box, Group, NativeSelect, Pagination } from '@mantine/core';
import { PAGE_SIZES } from '../../lib/list-paging.ts';

export type ListPagerProps = {
  page: number;
  /** From listPagingOf: past a capped count, one more page while the current one is full. */
  pageCount: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** The pager's name when a page holds more than one list ("Ledger pages"). */
  label?: string;
};

/** "Rows per page" and the page buttons; at 390 px the two wrap onto their own lines. */
export function ListPager({ page, pageCount, size, onPageChange, onSizeChange, label = 'Pages' }: ListPagerProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <NativeSelect
        label="Rows per page"
        data={[...PAGE_SIZES]}
        value={String(size)}
        onChange={(event) => onSizeChange(Number(event.currentTarget.value))}
        w={140}
      />
      <Box component="nav" aria-label={label}>
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Box>
    </Group>
  );
}
