import { invoiceSettingsInputSchema } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { DISCARD_CHANGES_TEXTS } from '../../../components/discard-changes-modal.tsx';
import { renderRoutes } from '../../../test/render.tsx';
// Loaded here, the leave-the-page question is ready when the test's first change asks for it.
import '../../../components/unsaved-changes/unsaved-changes-prompt.tsx';
import { InvoiceSettingsPage } from '../pages/invoice-settings-page.tsx';
import { allowSlowRenders, sessionWith, SETTINGS, settingsAnswer, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const UPDATE = '/api/admin/invoice/update-invoice-settings';

describe('InvoiceSettingsPage', { timeout: 60_000 }, () => {
  it('saves the tax identification number with the other settings, and shows the saved one', async () => {
    const api = stubApi({
      [`GET ${SETTINGS}`]: () => ({ data: { ...settingsAnswer.data, taxNumber: '12345678-0001' } }),
      [`PUT ${UPDATE}`]: (call) => ({ data: { ...settingsAnswer.data, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings/invoices', element: <InvoiceSettingsPage /> }], {
      path: '/settings/invoices',
      session: sessionWith(['administrator']),
    });
    const field = await screen.findByRole('textbox', { name: /Tax identification number/ });
    expect(field).toHaveValue('12345678-0001');
    expect(field).toHaveAttribute('maxlength', '50');
    await user.clear(field);
    await user.type(field, '98765432-0002');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', UPDATE)).toHaveLength(1));
    const body = api.callsTo('PUT', UPDATE)[0]!.body;
    expect(invoiceSettingsInputSchema.parse(body)).toMatchObject({ taxNumber: '98765432-0002', taxName: 'VAT', taxPercent: '7.5' });
  });

  it('asks before leaving with unsaved changes, and leaves without asking once they are saved', async () => {
    const api = stubApi({ [`PUT ${UPDATE}`]: (call) => ({ data: { ...settingsAnswer.data, ...(call.body as object) } }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        {
          path: '/settings/invoices',
          element: (
            <>
              <Link to="/settings">General settings</Link>
              <InvoiceSettingsPage />
            </>
          ),
        },
      ],
      { path: '/settings/invoices', session: sessionWith(['administrator']) },
    );
    const prefix = await screen.findByRole('textbox', { name: /Invoice number prefix/ });
    await user.clear(prefix);
    await user.type(prefix, 'BILL-');
    await user.click(screen.getByRole('link', { name: 'General settings' }));
    const ask = await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title });
    await user.click(within(ask).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    expect(router.state.location.pathname).toBe('/settings/invoices');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', UPDATE)).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'General settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument();
  });
});
