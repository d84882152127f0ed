import { recycleBinPageSchema } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { DOCUMENT_CALLS } from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RecycleBinPage } from '../pages/recycle-bin-page.tsx';
import { ALL_DOCUMENT_PERMISSIONS, allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

/** A page of the bin as the API answers it: `count` items in all, this page's rows named by their place. */
function binPage(page: number, size: number, count: number) {
  const first = (page - 1) * size;
  const data = Array.from({ length: Math.max(0, Math.min(size, count - first)) }, (_, index) => ({
    itemType: 'document' as const,
    id: `00000000-0000-4000-8000-${String(first + index + 1).padStart(12, '0')}`,
    name: `Deleted ${first + index + 1}.pdf`,
    folderPath: 'Ada Lovelace',
    deletedAt: '2024-03-01T10:00:00',
    deletedByName: 'Ada Obi',
  }));
  return contractAnswer(recycleBinPageSchema, { data, page, size, totalCount: count });
}

function renderBin(path: string, permissions = ALL_DOCUMENT_PERMISSIONS) {
  return renderRoutes([{ path: '/documents/recycle-bin', element: <RecycleBinPage /> }], { path, session: sessionWith(permissions) });
}

describe('Recycle bin list (list kit, page and size in the URL)', { timeout: 60_000 }, () => {
  it('opens the page and size the URL names, and asks the API for them', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.recycleBin}`]: (call) => binPage(Number(call.query.get('page')), Number(call.query.get('size')), 120),
    });
    renderBin('/documents/recycle-bin?page=2&size=50');
    expect(await screen.findByText('Deleted 51.pdf')).toBeInTheDocument();
    const [call] = api.callsTo('GET', DOCUMENT_CALLS.recycleBin);
    expect(call?.query.get('page')).toBe('2');
    expect(call?.query.get('size')).toBe('50');
    expect(screen.getByRole('status')).toHaveTextContent('120 deleted items');
  });

  it('writes the page and the rows per page into the URL, back to page 1 on a new size', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.recycleBin}`]: (call) => binPage(Number(call.query.get('page')), Number(call.query.get('size')), 45),
    });
    const user = userEvent.setup();
    const { router } = renderBin('/documents/recycle-bin?activeTab=kept');
    expect(await screen.findByText('Deleted 1.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Deleted 21.pdf')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(new URLSearchParams(router.state.location.search).get('activeTab')).toBe('kept');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('size')).toBe('50'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', DOCUMENT_CALLS.recycleBin).at(-1)?.query.get('size')).toBe('50'));
    expect(api.callsTo('GET', DOCUMENT_CALLS.recycleBin).at(-1)?.query.get('page')).toBe('1');
  });

  it('says so when the bin could not be loaded, and when it is empty', async () => {
    stubApi({ [`GET ${DOCUMENT_CALLS.recycleBin}`]: { status: 500, message: 'Failed' } });
    const { unmount } = renderBin('/documents/recycle-bin');
    expect(await screen.findByText('The deleted items could not be loaded.')).toBeInTheDocument();
    unmount();

    stubApi({ [`GET ${DOCUMENT_CALLS.recycleBin}`]: () => binPage(1, 20, 0) });
    renderBin('/documents/recycle-bin');
    expect(await screen.findByText('The recycle bin is empty.')).toBeInTheDocument();
  });

  it('links to Settings › Recycle bin, where everything deleted is, only for members who may open it', async () => {
    stubApi({ [`GET ${DOCUMENT_CALLS.recycleBin}`]: () => binPage(1, 20, 1) });
    const { unmount } = renderBin('/documents/recycle-bin', [...ALL_DOCUMENT_PERMISSIONS, 'recycleBin']);
    expect(await screen.findByText('Deleted 1.pdf')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See everything deleted in Settings › Recycle bin' })).toHaveAttribute(
      'href',
      '/settings/recycle-bin',
    );
    unmount();

    renderBin('/documents/recycle-bin');
    expect(await screen.findByText('Deleted 1.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See everything deleted/ })).not.toBeInTheDocument();
  });
});
