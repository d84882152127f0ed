import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/msw/stub-api.ts';
import { renderAt } from '../test/render.tsx';
import { ClientViews } from './client-views.tsx';

const NOTE_ID = '8d7f3a52-1b8c-4c1e-9f5e-2a6b7c8d9e0f';

describe('ClientViews', () => {
  it('says when the client viewed or downloaded the item, and how often', async () => {
    const api = stubApi({
      'GET /admin/client-portal/get-client-views': {
        data: [
          {
            clientName: 'Kemi Adebayo',
            email: 'kemi@client.example',
            action: 'downloaded',
            firstAt: new Date(2026, 10, 23, 14, 5).toISOString(),
            lastAt: new Date(2026, 10, 23, 14, 5).toISOString(),
            times: 1,
          },
          {
            clientName: 'Kemi Adebayo',
            email: 'kemi@client.example',
            action: 'viewed',
            firstAt: new Date(2026, 10, 20, 9, 0).toISOString(),
            lastAt: new Date(2026, 10, 23, 14, 0).toISOString(),
            times: 3,
          },
        ],
      },
    });
    renderAt(<ClientViews kind="invoice" itemId={NOTE_ID} />);
    const section = await screen.findByRole('region', { name: 'Client activity' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Downloaded by Kemi Adebayo on 23/11/2026 14:05',
      'Viewed by Kemi Adebayo on 23/11/2026 14:00 (3 times, first on 20/11/2026 09:00)',
    ]);
    expect(Object.fromEntries(api.lastQuery('/admin/client-portal/get-client-views') ?? [])).toEqual({
      ItemKind: 'invoice',
      ItemId: NOTE_ID,
    });
  });

  it('says so when the client has not opened it', async () => {
    stubApi({ 'GET /admin/client-portal/get-client-views': { data: [] } });
    renderAt(<ClientViews kind="progressNote" itemId={NOTE_ID} />);
    expect(await screen.findByText('The client has not opened it in the portal yet.')).toBeInTheDocument();
  });
});
