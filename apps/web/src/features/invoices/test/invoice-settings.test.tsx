import { ACCENT_COLOUR_MESSAGE, ACCENT_TEXT_WHITE, contrastRatio, invoiceSettingsInputSchema } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { DISCARD_CHANGES_TEXTS } from '../../../components/discard-changes-modal.tsx';
import { renderRoutes } from '../../../test/render.tsx';
// Loaded here, the leave-the-page question is ready when the test's first change asks for it.
import '../../../components/unsaved-changes/unsaved-changes-prompt.tsx';
import { ACCENT_SWATCHES, INVOICE_APPEARANCE_TEXT } from '../components/invoice-appearance-fields.tsx';
import { InvoiceSettingsPage } from '../pages/invoice-settings-page.tsx';
import { allowSlowRenders, sessionWith, SETTINGS, settingsAnswer, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const UPDATE = '/api/admin/invoice/update-invoice-settings';

const renderPage = () =>
  renderRoutes([{ path: '/settings/invoices', element: <InvoiceSettingsPage /> }], {
    path: '/settings/invoices',
    session: sessionWith(['administrator']),
  });

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

  it('shows the saved accent in a live preview, takes a new one from a swatch, and saves it with the footer', async () => {
    const api = stubApi({
      [`GET ${SETTINGS}`]: () => ({
        data: { ...settingsAnswer.data, invoiceAccentColour: '#1F4E79', invoiceFooter: 'Regulated by the NBA.' },
      }),
      [`PUT ${UPDATE}`]: (call) => ({ data: { ...settingsAnswer.data, ...invoiceSettingsInputSchema.parse(call.body) } }),
    });
    const user = userEvent.setup();
    renderPage();
    const accent = await screen.findByRole('textbox', { name: new RegExp(INVOICE_APPEARANCE_TEXT.accentLabel) });
    expect(accent).toHaveValue('#1F4E79');
    expect(screen.getByRole('img', { name: `${INVOICE_APPEARANCE_TEXT.previewLabel}: #1F4E79` })).toBeInTheDocument();
    // A dark accent: the preview's headings are white on it.
    expect(screen.getByTestId('accent-preview-band')).toHaveStyle({ backgroundColor: '#1F4E79', color: '#FFFFFF' });

    await user.click(accent);
    await user.click(await screen.findByRole('button', { name: '#0B6E4F' }));
    await waitFor(() => expect((accent as HTMLInputElement).value.toUpperCase()).toBe('#0B6E4F'));
    expect(screen.getByRole('img', { name: `${INVOICE_APPEARANCE_TEXT.previewLabel}: #0B6E4F` })).toBeInTheDocument();
    const footer = screen.getByRole('textbox', { name: new RegExp(INVOICE_APPEARANCE_TEXT.footerLabel) });
    expect(footer).toHaveValue('Regulated by the NBA.');
    expect(footer).toHaveAttribute('maxlength', '500');
    await user.clear(footer);
    await user.type(footer, 'Obi & Co is regulated by the Nigerian Bar Association.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(invoiceSettingsInputSchema.parse(api.callsTo('PUT', UPDATE)[0]!.body)).toMatchObject({
      invoiceAccentColour: '#0B6E4F',
      invoiceFooter: 'Obi & Co is regulated by the Nigerian Bar Association.',
      taxName: 'VAT',
    });
  });

  it('goes back to the default colours, and sends nothing while the accent is not a #RRGGBB colour', async () => {
    const api = stubApi({
      [`GET ${SETTINGS}`]: () => ({ data: { ...settingsAnswer.data, invoiceAccentColour: '#1F4E79' } }),
      [`PUT ${UPDATE}`]: (call) => ({ data: { ...settingsAnswer.data, ...invoiceSettingsInputSchema.parse(call.body) } }),
    });
    const user = userEvent.setup();
    renderPage();
    const accent = await screen.findByRole('textbox', { name: new RegExp(INVOICE_APPEARANCE_TEXT.accentLabel) });
    const useDefault = screen.getByRole('button', { name: INVOICE_APPEARANCE_TEXT.useDefault });
    await user.click(useDefault);
    expect(accent).toHaveValue('');
    expect(useDefault).toBeDisabled();
    expect(screen.getByRole('img', { name: `${INVOICE_APPEARANCE_TEXT.previewLabel}: default colours` })).toBeInTheDocument();

    // #ABC is a colour to the picker, but the bills take #RRGGBB only: the field says so and Save waits.
    await user.type(accent, '#abc');
    expect(await screen.findByText(ACCENT_COLOUR_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PUT', UPDATE)).toHaveLength(0);

    await user.click(useDefault);
    expect(screen.queryByText(ACCENT_COLOUR_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(invoiceSettingsInputSchema.parse(api.callsTo('PUT', UPDATE)[0]!.body)).toMatchObject({
      invoiceAccentColour: null,
      invoiceFooter: null,
    });
  });

  it('offers only swatches that white headings read on (4.5:1)', () => {
    for (const swatch of ACCENT_SWATCHES) expect(contrastRatio(swatch, ACCENT_TEXT_WHITE), swatch).toBeGreaterThanOrEqual(4.5);
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
