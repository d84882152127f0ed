import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCARD_CHANGES_TEXTS } from '../../../components/discard-changes-modal.tsx';
import { lookupAnswers, decidedConflictCheck } from '../../../test/msw/contract-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CHECK_ID, MATTER_ID, matterViewAnswer, sessionWith, stubApi } from '../test/stub-api.ts';
import { AddMatterPage } from './add-matter-page.tsx';
// Loaded here, the leave-the-page question is ready when a test's first change asks for it.
import '../../../components/unsaved-changes/unsaved-changes-prompt.tsx';

const CREATE = '/api/admin/matter-master/create-matter';
const RUN = '/api/admin/conflict-check/run-conflict-check';
const DECIDE = `/api/admin/conflict-check/record-decision/${CHECK_ID}`;
const CLAIM_FIELD_ID = '99999999-9999-4999-8999-999999999999';
const noMatches = { data: { conflictCheckId: CHECK_ID, searchedNames: [], matches: [], createdAt: '2024-01-01T00:00:00Z' } };

const routes = [
  { path: '/matter/add-new-matter', element: <AddMatterPage /> },
  { path: '/matter/matter-list', element: <h1>Matters</h1> },
  { path: '/matter/:id', element: <h1>Estate of Babbage</h1> },
];

type User = ReturnType<typeof userEvent.setup>;

function stub(handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/admin/custom-field/get-custom-fields': lookupAnswers.customFields([
      {
        id: CLAIM_FIELD_ID,
        label: 'Claim value',
        fieldType: 'number',
        isRequired: false,
        options: [],
        entityType: 'matter',
        sortOrder: 1,
      } as never,
    ]),
    [`POST ${RUN}`]: () => noMatches,
    [`POST ${DECIDE}`]: () => ({ data: decidedConflictCheck(CHECK_ID, { context: 'matter' }) }),
    ...handlers,
  });
}

function renderPage() {
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, {
    path: '/matter/add-new-matter',
    session: sessionWith(['matterMaster', 'matterMaster.create']),
  });
  return { user, router };
}

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillBasics(user: User) {
  await screen.findByRole('combobox', { name: 'Client' });
  await choose(user, 'Client', 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Matter name' }), 'Estate of Babbage');
  await choose(user, 'Billing type', 'Hourly');
}

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save matter' }));
const field = (role: 'textbox' | 'combobox', name: string) => screen.getByRole(role, { name });

describe('Matter form: every message on the field it is about', { timeout: 60_000 }, () => {
  it('submitted empty, says what is required under Client, Matter name and Billing type, and saves nothing', async () => {
    const api = stub();
    const { user } = renderPage();
    await screen.findByRole('combobox', { name: 'Client' });
    await save(user);
    await waitFor(() => expect(field('combobox', 'Client')).toHaveAccessibleDescription('Client is required'));
    expect(field('textbox', 'Matter name')).toHaveAccessibleDescription('Matter name is required');
    expect(field('combobox', 'Billing type')).toHaveAccessibleDescription('Billing type is required');
    expect(field('combobox', 'Open date')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', RUN)).toHaveLength(0);
  });

  it('a flat rate missing and a percentage over 100 show at their own fields, whatever else is missing', async () => {
    stub();
    const { user } = renderPage();
    await screen.findByRole('combobox', { name: 'Client' });
    await choose(user, 'Billing type', 'Flat Rate');
    await save(user);
    await waitFor(() => expect(field('textbox', 'Flat rate')).toHaveAccessibleDescription('Flat rate is required'));
    expect(field('combobox', 'Client')).toHaveAccessibleDescription('Client is required');

    await choose(user, 'Billing type', 'Contingency');
    await user.type(field('textbox', 'Contingency percentage'), '150');
    await waitFor(() =>
      expect(field('textbox', 'Contingency percentage')).toHaveAccessibleDescription('Contingency percentage must be between 0 and 100'),
    );
  });

  it('a wrong open date stops the save with its message at Open date (it used to save today instead)', async () => {
    const api = stub();
    const { user } = renderPage();
    await fillBasics(user);
    const openDate = field('combobox', 'Open date');
    await user.clear(openDate);
    await user.type(openDate, '31/02/2024');
    await save(user);
    await waitFor(() => expect(openDate).toHaveAccessibleDescription('Enter a date as DD/MM/YYYY'));
    expect(api.callsTo('POST', RUN)).toHaveLength(0);
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it("a fee earner's blank rate is required, not a malformed amount; a custom number field that is no number says so", async () => {
    const api = stub();
    const { user } = renderPage();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Add fee earner' }));
    await user.type(field('textbox', 'Claim value'), '12.');
    await save(user);
    await waitFor(() => expect(field('textbox', 'Hourly rate')).toHaveAccessibleDescription('Hourly rate is required'));
    expect(field('combobox', 'Fee earner')).toHaveAccessibleDescription('Fee earner is required');
    expect(field('textbox', 'Claim value')).toHaveAccessibleDescription('Claim value must be a number');
    expect(field('textbox', 'Matter hourly rate')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', RUN)).toHaveLength(0);
  });

  it("shows the API's refusals at the field they name: the fee earners' section and a custom field", async () => {
    const refusals = [{ assignees: 'Fee earner not found' }, { [`customFields.${CLAIM_FIELD_ID}`]: 'Claim value must be a number' }];
    let attempt = 0;
    stub({
      [`POST ${CREATE}`]: () => {
        const errors = refusals[attempt++]!;
        const message = Object.values(errors)[0]!;
        return { status: 400, body: JSON.stringify({ success: false, message, data: null, errors }) };
      },
    });
    const { user } = renderPage();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Add fee earner' }));
    await choose(user, 'Fee earner', 'Grace Hopper');
    await user.type(field('textbox', 'Claim value'), '12');

    await save(user);
    const feeEarners = screen.getByRole('group', { name: 'Assigned fee earners' });
    expect(await within(feeEarners).findByRole('alert')).toHaveTextContent('Fee earner not found');

    await save(user);
    await waitFor(() => expect(field('textbox', 'Claim value')).toHaveAccessibleDescription('Claim value must be a number'));
  });
});

describe('Matter form: leaving and saving', { timeout: 60_000 }, () => {
  it('asks before Cancel leaves typing behind', async () => {
    stub();
    const { user, router } = renderPage();
    await fillBasics(user);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title });
    await user.click(within(ask).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    expect(router.state.location.pathname).toBe('/matter/add-new-matter');
    expect(field('textbox', 'Matter name')).toHaveValue('Estate of Babbage');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/matter/matter-list'));
  });

  it("a save goes to the new matter without asking, and the matter page's heading has the focus", async () => {
    stub({ [`POST ${CREATE}`]: () => ({ ...matterViewAnswer(), message: 'Matter created' }) });
    const { user, router } = renderPage();
    await fillBasics(user);
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/matter/${MATTER_ID}`));
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Estate of Babbage' })).toHaveFocus());
  });
});
