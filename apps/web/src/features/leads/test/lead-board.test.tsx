import type { LeadBoard, LeadSummary } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { LeadBoardView } from '../components/lead-board.tsx';
import { leadSummaryOf } from './lead-fixtures.ts';

const lead = (id: string, displayName: string, status: LeadSummary['status']) => leadSummaryOf({ id, displayName, status });

const BOARD: LeadBoard = {
  columns: [
    { status: 'new', count: 1, leads: [lead('6f1c2a4e-0000-4000-8000-000000000001', 'Ngozi Okonkwo', 'new')] },
    { status: 'contacted', count: 0, leads: [] },
    { status: 'consultationBooked', count: 0, leads: [] },
    { status: 'engaged', count: 1, leads: [lead('6f1c2a4e-0000-4000-8000-000000000002', 'Funmi Adeyemi', 'engaged')] },
    { status: 'notEngaged', count: 0, leads: [] },
  ],
};

// Mantine's menu renders slowly on a busy two-core machine.
describe('the leads board', { timeout: 30_000 }, () => {
  it('moves a card by its Move menu with the keyboard, offering only the moves the pipeline allows', async () => {
    const onMove = vi.fn();
    renderAt(<LeadBoardView board={BOARD} canMove onMove={onMove} />);
    const user = userEvent.setup();
    const newColumn = screen.getByRole('region', { name: 'New' });
    within(newColumn).getByRole('button', { name: 'Move Ngozi Okonkwo' }).focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Contacted', 'Consultation booked', 'Engaged', 'Not engaged']);
    await user.click(screen.getByRole('menuitem', { name: 'Contacted' }));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ displayName: 'Ngozi Okonkwo' }), 'contacted');
  });

  it('offers no move for an engaged lead, nor any to a member who may not edit', () => {
    const { unmount } = renderAt(<LeadBoardView board={BOARD} canMove onMove={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Move Funmi Adeyemi' })).toBeNull();
    unmount();
    renderAt(<LeadBoardView board={BOARD} canMove={false} onMove={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ngozi Okonkwo' })).toHaveAttribute('href', '/leads/6f1c2a4e-0000-4000-8000-000000000001');
  });
});
