import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { FolderNameModal } from '../components/folder-name-modal.tsx';

function renderModal() {
  const onSubmit = vi.fn(async () => {});
  const onClose = vi.fn();
  renderAt(<FolderNameModal opened title="New folder" submitLabel="Create folder" onClose={onClose} onSubmit={onSubmit} />);
  return { onSubmit, onClose };
}

describe('FolderNameModal', () => {
  it.each([
    ['   ', 'Folder name is required'],
    ['Pleadings/Drafts', 'Folder name cannot contain / or \\'],
    ['..', 'Folder name cannot be . or ..'],
    [' . ', 'Folder name cannot be . or ..'],
    ['Pleadings\u202Estfard', 'Folder name cannot contain control or direction-override characters'],
  ])('refuses %j under the field with the API’s message, sending nothing', async (name, message) => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal();
    await user.type(screen.getByLabelText('Folder name'), name);
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and closes', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = renderModal();
    await user.type(screen.getByLabelText('Folder name'), '  Pleadings  ');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(onSubmit).toHaveBeenCalledWith('Pleadings');
    expect(onClose).toHaveBeenCalled();
  });
});
