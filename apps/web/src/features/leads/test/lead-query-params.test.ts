import { describe, expect, it } from 'vitest';
import { BOARD_LEADS_PER_STATUS, leadBoardQueryFrom, leadListQueryFrom, type LeadFilterValues } from '../utils/lead-query-params.ts';

const NONE: LeadFilterValues = { view: '', status: '', assignee: '', practiceArea: '', source: '', search: '', from: '', to: '' };
const MEMBER = '5b0c3f8e-6a55-4a3e-9c61-2f1a3b4c5d6e';

describe('the leads page’s URL as the calls’ queries', () => {
  it.each([
    { case: 'no filter', filters: {}, list: { page: 1, size: 20 }, board: { perStatus: BOARD_LEADS_PER_STATUS } },
    {
      case: 'every filter',
      filters: { status: 'contacted', assignee: MEMBER, source: 'walkIn', search: ' Obi ', from: '2026-11-01', to: '2026-11-30' },
      list: {
        status: 'contacted',
        assigneeUserId: MEMBER,
        source: 'walkIn',
        search: 'Obi',
        from: '2026-11-01',
        to: '2026-11-30',
        page: 1,
        size: 20,
      },
      board: {
        assigneeUserId: MEMBER,
        source: 'walkIn',
        search: 'Obi',
        from: '2026-11-01',
        to: '2026-11-30',
        perStatus: BOARD_LEADS_PER_STATUS,
      },
    },
    {
      case: 'values a link made up',
      filters: { status: 'won', assignee: 'me', practiceArea: '42', source: 'email', from: '31/11/2026', search: '   ' },
      list: { page: 1, size: 20 },
      board: { perStatus: BOARD_LEADS_PER_STATUS },
    },
  ])('$case', ({ filters, list, board }) => {
    const values = { ...NONE, ...filters };
    // Absent, not undefined: the query is the cache key.
    expect(leadListQueryFrom({ filters: values, page: 1, size: 20 })).toStrictEqual(list);
    expect(leadBoardQueryFrom(values)).toStrictEqual(board);
  });
});
