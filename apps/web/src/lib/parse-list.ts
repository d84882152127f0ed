import type { z } from 'zod';

/**
 * The items of a list answer that match the contract: a bare array or a page (`{ data: [...] }`).
 * Items that do not parse are dropped rather than blanking the whole list.
 */
export function parseList<Schema extends z.ZodType>(schema: Schema, data: unknown): z.output<Schema>[] {
  const items = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)
      ? (data as { data: unknown[] }).data
      : [];
  const parsed: z.output<Schema>[] = [];
  for (const item of items) {
    const result = schema.safeParse(item);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}
