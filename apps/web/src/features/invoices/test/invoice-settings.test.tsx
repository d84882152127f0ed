import { invoiceSettingsInputSchema } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
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
});
