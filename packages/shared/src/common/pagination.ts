import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Which page of the list to answer, from 1.'),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE).describe('How many rows a page holds (at most 100).'),
});

/** Lists that count at most this many matches: beyond it they answer the cap and isTotalCountCapped. */
export const TOTAL_COUNT_CAP = 1000;
/**
 * A searched list (GeneralSearchText) counts at most this many: its matches come from a trigram
 * index whose every candidate is rechecked in the table, and a search is for finding a record,
 * so "100+" tells the user to narrow it as well as "1,000+" would, at a tenth of the reading.
 */
export const SEARCH_TOTAL_COUNT_CAP = 100;

/**
 * Lists answer data: { data, page, size, totalCount } (GUIDE.md §4). A list that caps its count
 * (clients, matters, time entries) also answers isTotalCountCapped: true when more than its cap
 * (TOTAL_COUNT_CAP, or SEARCH_TOTAL_COUNT_CAP when searched) match, and totalCount is then the cap.
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item).describe('This page’s rows, in the order asked for.'),
    page: z.number().describe('The page answered, from 1.'),
    size: z.number().describe('How many rows a page holds.'),
    totalCount: z.number().describe('How many rows match, on every page (the cap when isTotalCountCapped).'),
    isTotalCountCapped: z
      .boolean()
      .optional()
      .describe('True when more rows match than the list counts: totalCount is then its cap; narrow the search.'),
  });
