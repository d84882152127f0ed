import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, LocationProbe, renderRoutes } from '../../test/render.tsx';
import { AddProgressUpdatePage } from './add-progress-update-page.tsx';
import { ProgressUpdatePage } from './progress-update-page.tsx';

const listPage = [
  {
    path: '/progress-update',
    element: (
      <>
        <ProgressUpdatePage progressNotes={<p>Notes list</p>} courtUpdates={<p>Court list</p>} />
        <LocationProbe />
      </>
    ),
  },
];

const addPage = [
  {
    path: '/progress-update/add-progress-update',
    element: (
      <>
        <AddProgressUpdatePage
          progressNoteForm={(matterId) => <p>Note form {matterId}</p>}
          courtUpdateForm={(matterId) => <p>Court form {matterId}</p>}
        />
        <LocationProbe />
      </>
    ),
  },
];

describe('Progress Update page', () => {
  it('shows each tab to those who may see it, and a new tab starts without the other list’s filters', async () => {
    const user = userEvent.setup();
    renderRoutes(listPage, {
      path: '/progress-update?activeTab=progress-notes&search=adjourned&page=3',
      session: fakeSession({ permissions: ['activity', 'courtUpdate', 'courtUpdate.create'] }),
    });
    expect(screen.getByText('Notes list')).toBeInTheDocument();
    // `activity` reads notes but does not write them (SPEC.md §6): no Add on the notes tab.
    expect(screen.queryByRole('link', { name: 'Add Progress Update' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Court Updates' }));
    expect(await screen.findByText('Court list')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/progress-update?activeTab=court-update');
    expect(screen.getByTestId('location')).not.toHaveTextContent('search=');
    expect(screen.getByRole('link', { name: 'Add Progress Update' })).toHaveAttribute(
      'href',
      '/progress-update/add-progress-update?iscourtupdate=true',
    );
  });

  it('offers only the court updates tab to a user who may see only court updates', () => {
    renderRoutes(listPage, { path: '/progress-update', session: fakeSession({ permissions: ['courtUpdate'] }) });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Court Updates']);
    expect(screen.getByText('Court list')).toBeInTheDocument();
  });
});

describe('Add Progress Update page', () => {
  it('switches between a progress note and a court update in the URL, keeping the matter', async () => {
    const user = userEvent.setup();
    renderRoutes(addPage, {
      path: '/progress-update/add-progress-update?matterId=m-1',
      session: fakeSession({ permissions: ['activity.create'] }),
    });
    expect(screen.getByText('Note form m-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Progress note' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Court update' }));
    expect(await screen.findByText('Court form m-1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('iscourtupdate=true');
    expect(screen.getByRole('link', { name: 'Court update' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the court update form straight from ?iscourtupdate=true, with no choice for those who may add only it', () => {
    renderRoutes(addPage, {
      path: '/progress-update/add-progress-update?iscourtupdate=true',
      session: fakeSession({ permissions: ['courtUpdate.create'] }),
    });
    expect(screen.getByText(/Court form/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Kind of progress update' })).not.toBeInTheDocument();
  });
});
