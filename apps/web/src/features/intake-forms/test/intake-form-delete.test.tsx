import { intakeFormSchema, type IntakeForm } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { IntakeFormPage } from '../pages/intake-form-page.tsx';
import { IntakeFormsPage } from '../pages/intake-forms-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

// The builder's autosizing text areas listen for web fonts, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
});

const FORM = '7a2b3c4d-0000-4000-8000-000000000001';
const form: IntakeForm = intakeFormSchema.parse({
  id: FORM,
  name: 'Property purchase',
  slug: 'property-purchase',
  introduction: null,
  fields: [],
  thankYouText: 'Thank you',
  assigneeUserId: '7a2b3c4d-0000-4000-8000-000000000009',
  assigneeName: 'Ada Obi',
  practiceAreaId: null,
  practiceAreaName: null,
  isPublished: true,
  publishedAt: '2026-11-28T09:00:00.000Z',
  version: 2,
  publicPath: '/intake/demo/property-purchase',
  submissionCount: 3,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
});
const { fields: _fields, introduction: _introduction, thankYouText: _thanks, ...summary } = form;
const DELETE = `DELETE /admin/intake-forms/delete-intake-form/${FORM}`;
const routes = [
  { path: '/leads/intake-forms', element: <IntakeFormsPage /> },
  { path: '/leads/intake-forms/:id', element: <IntakeFormPage /> },
];
const editor = fakeSession({ permissions: ['clientInfo', 'clientInfo.edit'] });

// Mantine's modal renders slowly on a busy two-core machine.
describe('deleting an intake form', { timeout: 30_000 }, () => {
  it('from the list: asks first, saying its address stops working and its leads stay', async () => {
    const api = stubApi({
      'GET /admin/intake-forms/get-intake-forms': { data: { data: [summary], page: 1, size: 20, totalCount: 1 } },
      [DELETE]: { data: null },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/leads/intake-forms', session: editor });
    await user.click(await screen.findByRole('button', { name: 'Delete Property purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete intake form?' });
    expect(dialog).toHaveTextContent(
      'Property purchase goes to the recycle bin and its public address stops working at once. The 3 leads it brought in stay, with their answers.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete form' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
        `/api/admin/intake-forms/delete-intake-form/${FORM}`,
      ]),
    );
  });

  it('from its page: deletes after confirming and goes back to the list', async () => {
    const api = stubApi({
      [`GET /admin/intake-forms/get-intake-form/${FORM}`]: { data: form },
      'GET /admin/intake-forms/get-intake-forms': { data: { data: [], page: 1, size: 20, totalCount: 0 } },
      [DELETE]: { data: null },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: `/leads/intake-forms/${FORM}`, session: editor });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete intake form?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/intake-forms'));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('offers no Delete to a member who may only read client information', async () => {
    stubApi({ 'GET /admin/intake-forms/get-intake-forms': { data: { data: [summary], page: 1, size: 20, totalCount: 1 } } });
    renderRoutes(routes, { path: '/leads/intake-forms', session: fakeSession({ permissions: ['clientInfo'] }) });
    expect(await screen.findByRole('link', { name: 'Property purchase' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
