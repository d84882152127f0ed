import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { GlobalSearch } from './global-search.tsx';
import { SEARCH_PLACEHOLDER, searchEntriesFor } from './search-entries.ts';

describe('search entries', () => {
  it('offers one entry per section, labelled "{text} in {section}"', () => {
    expect(searchEntriesFor('smith').map((entry) => entry.label)).toEqual([
      'smith in Clients',
      'smith in Matters',
      'smith in Time Entries',
      'smith in Progress Notes',
      'smith in Expenses',
      'smith in Court Updates',
      'smith in Flat Fees',
      'smith in Documents',
    ]);
  });

  it("leads to each section's list with search appended", () => {
    expect(searchEntriesFor('a b').map((entry) => entry.to)).toEqual([
      '/clients/list?search=a+b',
      '/matter/matter-list?search=a+b',
      '/time-entries?search=a+b',
      '/progress-update?activeTab=progress-notes&search=a+b',
      '/expense-request/direct-expense?activeTab=client&search=a+b',
      '/progress-update?activeTab=court-update&search=a+b',
      '/billing/flat-fees?search=a+b',
      '/documents/search?q=a+b',
    ]);
  });

  it('offers nothing for blank text', () => {
    expect(searchEntriesFor('   ')).toEqual([]);
  });
});

describe('GlobalSearch', () => {
  it('is 441 px wide with the spec placeholder', () => {
    renderAt(<GlobalSearch />, { path: '/dashboard' });
    const input = screen.getByPlaceholderText(SEARCH_PLACEHOLDER);
    expect(input).toHaveAccessibleName('Global search');
    expect(input.closest('.mantine-TextInput-root')).toHaveStyle({ width: '441px' });
  });

  it('navigates to the chosen section on click', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<GlobalSearch />, { path: '/dashboard' });
    await user.type(screen.getByRole('textbox', { name: 'Global search' }), 'acme');
    await user.click(await screen.findByRole('option', { name: 'acme in Matters' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/matter/matter-list?search=acme');
  });

  it('is keyboard accessible', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<GlobalSearch />, { path: '/dashboard' });
    await user.type(screen.getByRole('textbox', { name: 'Global search' }), 'acme');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).not.toBe('/dashboard');
    expect(router.state.location.search).toContain('search=acme');
  });
});
