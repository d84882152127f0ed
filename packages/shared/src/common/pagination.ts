import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** Lists answer data: { data, page, size, totalCount } (GUIDE.md §4). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number(), size: z.number(), totalCount: z.number() });
