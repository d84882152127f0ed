import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@matterhorn/shared';
import * as toasts from '../toasts.ts';
import { callContract, contractUrl, listContract } from './call-contract.ts';

const matterView = defineRoute({
  method: 'PUT',
  path: '/api/admin/matters/:matterId/rename',
  tags: ['Test'],
  summary: 'A contract for the client test',
  params: z.object({ matterId: z.string() }),
  query: z.object({ Notify: z.boolean().optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string(), openedOn: z.iso.date() }),
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the typed API client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let errorToast: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    errorToast = vi.spyOn(toasts.toast, 'error').mockReturnValue('id');
    vi.spyOn(toasts.toast, 'success').mockReturnValue('id');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the contract's method to its path with the parameters filled in and encoded, the query and the body", async () => {
    fetchMock.mockResolvedValue(
      answer(200, { success: true, message: 'Renamed', data: { id: 'm 1', name: 'Estate', openedOn: '2026-01-31' } }),
    );
    const renamed = await callContract(matterView, { params: { matterId: 'm 1/x' }, query: { Notify: true }, body: { name: 'Estate' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/matters/m%201%2Fx/rename?Notify=true');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ name: 'Estate' }));
    expect(renamed).toEqual({ success: true, message: 'Renamed', data: { id: 'm 1', name: 'Estate', openedOn: '2026-01-31' } });
  });

  it('refuses an answer its schema does not describe, in words, instead of handing it on', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { success: true, message: 'Renamed', data: { id: 'm1', name: 'Estate', openedOn: '31/01/2026' } }),
    );
    await expect(callContract(matterView, { params: { matterId: 'm1' }, body: { name: 'Estate' } })).rejects.toThrow(
      'The server answered something this page cannot read',
    );
    expect(errorToast).toHaveBeenCalledOnce();
  });

  it('throws the API error with its code', async () => {
    fetchMock.mockResolvedValue(answer(404, { success: false, message: 'Matter not found', code: 'NOT_FOUND', data: null }));
    await expect(callContract(matterView, { params: { matterId: 'm1' }, body: { name: 'Estate' } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Matter not found',
    });
  });

  it('resolves a failed or unreadable list call to null without a toast (SPEC.md §8)', async () => {
    fetchMock.mockResolvedValueOnce(answer(500, { success: false, message: 'Boom', code: 'INTERNAL_ERROR', data: null }));
    await expect(listContract(matterView, { params: { matterId: 'm1' }, body: { name: 'x' } })).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, message: 'ok', data: { id: 1 } }));
    await expect(listContract(matterView, { params: { matterId: 'm1' }, body: { name: 'x' } })).resolves.toBeNull();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('builds the address of a download, dropping blank query values', () => {
    expect(contractUrl(matterView, { params: { matterId: 'a' }, query: { Notify: undefined }, body: { name: '' } })).toBe(
      '/api/admin/matters/a/rename',
    );
  });

  it('repeats the name of a list in the query, as the server reads several values (MatterId=a&MatterId=b)', async () => {
    const unbilled = defineRoute({
      method: 'GET',
      path: '/api/admin/invoice/items',
      query: z.object({ ClientId: z.string(), MatterId: z.array(z.string()).optional(), From: z.string().optional() }),
      response: z.null(),
    });
    fetchMock.mockResolvedValue(answer(200, { success: true, message: 'Items', data: null }));
    await callContract(unbilled, { query: { ClientId: 'c1', MatterId: ['m1', 'm2'], From: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/invoice/items?ClientId=c1&MatterId=m1&MatterId=m2');
    expect(contractUrl(unbilled, { query: { ClientId: 'c1', MatterId: [] } })).toBe('/api/admin/invoice/items?ClientId=c1');
  });

  it('refuses to call a contract whose path parameter is missing', async () => {
    await expect(callContract(matterView, { params: { matterId: '' }, body: { name: 'x' } })).rejects.toThrow(
      'needs its matterId parameter',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
