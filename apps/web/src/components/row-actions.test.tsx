import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { RowActions } from './row-actions.tsx';

describe('RowActions', () => {
  it("names each button after the record and calls the row's handlers", () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderAt(<RowActions name="Research" onEdit={onEdit} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Research' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Research' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('leaves out the buttons it has no handler for', () => {
    renderAt(<RowActions name="Corporate" onEdit={() => undefined} editLabel="View" />);
    expect(screen.getByRole('button', { name: 'View Corporate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Corporate' })).not.toBeInTheDocument();
  });
});
