import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiList, apiRequest, buildQueryString, errorMessageFrom, onUnauthorized } from './api-client.ts';
import * as toasts from './toasts.ts';

describe('errorMessageFrom', () => {
  it('reads 401 as "You are unauthorized"', () => {
    expect(errorMessageFrom(401, { message: 'Token expired' }, 'Unauthorized')).toBe('You are unauthorized');
  });

  it("uses the response's message", () => {
    expect(errorMessageFrom(409, { success: false, message: 'Slug taken', data: null }, 'Conflict')).toBe('Slug taken');
  });

  it('uses the first item when the message is an array', () => {
    expect(errorMessageFrom(400, { message: ['First problem', 'Second'] }, 'Bad Request')).toBe('First problem');
  });

  it('uses the first value of a validation-style errors object', () => {
    expect(errorMessageFrom(400, { message: 'Invalid', errors: { email: 'Email is required', name: 'x' } }, 'Bad')).toBe(
      'Email is required',
    );
    expect(errorMessageFrom(400, { message: 'Invalid', errors: { email: ['Too short', 'x'] } }, 'Bad')).toBe('Too short');
  });

  it('falls back to the message when errors is empty', () => {
    expect(errorMessageFrom(400, { message: 'Invalid request', errors: {} }, 'Bad')).toBe('Invalid request');
  });

  it('falls back to the transport message', () => {
    expect(errorMessageFrom(500, null, 'Request failed with status code 500')).toBe('Request failed with status code 500');
    expect(errorMessageFrom(502, { message: '' }, 'Bad Gateway')).toBe('Bad Gateway');
  });
});

describe('buildQueryString', () => {
  it('drops null and undefined values', () => {
    expect(buildQueryString({ AdminUserId: 'u1', BusinessId: undefined, ClientId: null, page: 0, IsBillable: false })).toBe(
      '?AdminUserId=u1&page=0&IsBillable=false',
    );
    expect(buildQueryString({ a: undefined })).toBe('');
  });
});

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let errorToast: ReturnType<typeof vi.spyOn>;
  let successToast: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    errorToast = vi.spyOn(toasts.toast, 'error').mockReturnValue('id');
    successToast = vi.spyOn(toasts.toast, 'success').mockReturnValue('id');
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    onUnauthorized(null);
  });

  it('sends the firm bearer and the cleaned query', async () => {
    localStorage.setItem('token', 'firm-token');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok', data: [1] }));
    await apiRequest('/things', { query: { a: '1', b: null }, auth: 'firm' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?a=1');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer firm-token');
  });

  it('toasts the server message and throws on an error status', async () => {
    localStorage.setItem('token', 'firm-token');
    fetchMock.mockResolvedValue(jsonResponse(409, { success: false, message: 'Portal address taken', data: null }));
    await expect(apiRequest('/firm/setup', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(errorToast).toHaveBeenCalledWith('Portal address taken');
  });

  it("carries the server's error code for programs, and none for a transport failure", async () => {
    localStorage.setItem('token', 'firm-token');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, { success: false, message: 'Insufficient trust funds', code: 'TRUST_INSUFFICIENT_FUNDS', data: null }),
    );
    const refused = await apiRequest('/admin/trust-account/disburse', { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: 'TRUST_INSUFFICIENT_FUNDS', message: 'Insufficient trust funds' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: null });
  });

  it('ends the session on 401 of a signed-in call', async () => {
    localStorage.setItem('token', 'stale');
    const listener = vi.fn();
    onUnauthorized(listener);
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'expired', data: null }));
    await expect(apiRequest('/users/get-user-profile', { auth: 'firm' })).rejects.toThrow('You are unauthorized');
    expect(errorToast).toHaveBeenCalledWith('You are unauthorized');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('stops on success false with an error toast, toasts success when asked', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: false, message: 'Nope', data: null }));
    await expect(apiRequest('/x', { method: 'POST', body: {}, toastSuccess: true })).rejects.toThrow('Nope');
    expect(errorToast).toHaveBeenCalledWith('Nope');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Saved', data: null }));
    await apiRequest('/x', { method: 'POST', body: {}, toastSuccess: true });
    expect(successToast).toHaveBeenCalledWith('Saved');
  });

  it('uses the transport message when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x')).rejects.toThrow('Failed to fetch');
    expect(errorToast).toHaveBeenCalledWith('Failed to fetch');
  });

  it('resolves list-call failures to null silently', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { success: false, message: 'Boom', data: null }));
    await expect(apiList('/admin/list')).resolves.toBeNull();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('returns a bare body for raw calls', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, ['administrator']));
    await expect(apiRequest('/me/permissions', { raw: true })).resolves.toEqual(['administrator']);
  });
});
