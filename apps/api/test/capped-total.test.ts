import { describe, expect, it, vi } from 'vitest';
import { cappedTotal } from '../src/lib/capped-total.ts';

describe('cappedTotal', () => {
  const counter = (matching: number) => vi.fn(async (limit: number) => Math.min(matching, limit));

  it('counts up to the cap plus one and reports a capped total beyond it', async () => {
    const over = counter(5000);
    expect(await cappedTotal({ page: 1, size: 20, rowCount: 20 }, over)).toEqual({ totalCount: 1000, isTotalCountCapped: true });
    expect(over).toHaveBeenCalledWith(1001);
    expect(await cappedTotal({ page: 1, size: 20, rowCount: 20 }, counter(1000))).toEqual({ totalCount: 1000, isTotalCountCapped: false });
    expect(await cappedTotal({ page: 1, size: 20, rowCount: 20 }, counter(1001))).toEqual({ totalCount: 1000, isTotalCountCapped: true });
    expect(await cappedTotal({ page: 2, size: 5, rowCount: 5 }, counter(12), 10)).toEqual({ totalCount: 10, isTotalCountCapped: true });
  });

  it('skips the count for a short page, and for a page reaching past the cap', async () => {
    const never = vi.fn(async () => 0);
    expect(await cappedTotal({ page: 1, size: 20, rowCount: 7 }, never)).toEqual({ totalCount: 7, isTotalCountCapped: false });
    expect(await cappedTotal({ page: 1, size: 20, rowCount: 0 }, never)).toEqual({ totalCount: 0, isTotalCountCapped: false });
    expect(await cappedTotal({ page: 3, size: 20, rowCount: 4 }, never)).toEqual({ totalCount: 44, isTotalCountCapped: false });
    expect(await cappedTotal({ page: 51, size: 20, rowCount: 20 }, never)).toEqual({ totalCount: 1000, isTotalCountCapped: true });
    expect(never).not.toHaveBeenCalled();
  });

  it('counts when a later page is empty (it may be past the end)', async () => {
    expect(await cappedTotal({ page: 9, size: 20, rowCount: 0 }, counter(30))).toEqual({ totalCount: 30, isTotalCountCapped: false });
    // An empty page far past the cap says nothing about the total: it does not make it "capped".
    expect(await cappedTotal({ page: 1000, size: 5, rowCount: 0 }, counter(19))).toEqual({ totalCount: 19, isTotalCountCapped: false });
  });
});
