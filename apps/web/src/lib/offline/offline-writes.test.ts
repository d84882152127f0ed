import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw/server.ts';
import { ApiError } from '../api-client.ts';
import { offlineWrites } from './offline-writes.ts';
import { sendOfflineWrites, sendOrKeep } from './send-offline-writes.ts';

const PATH = '/admin/progress-update/create-court-update';
const write = (key: string, ownerId = 'p1') => ({
  key,
  kind: 'courtUpdate' as const,
  path: PATH,
  ownerId,
  body: { suitNumber: key },
  summary: `Court update: ${key}`,
  formValues: { suitNumber: key },
});

/** The server as the app meets it: each POST answered by `answer`, every Idempotency-Key it was sent recorded. */
function serverAnswering(answer: (key: string) => Response) {
  const keys: string[] = [];
  server.use(
    http.post(`/api${PATH}`, ({ request }) => {
      const key = request.headers.get('idempotency-key') ?? '';
      keys.push(key);
      return answer(key);
    }),
  );
  return keys;
}
const created = () => HttpResponse.json({ success: true, message: 'Saved', data: {} }, { status: 201 });

const setOnline = (isOnline: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);

beforeEach(async () => {
  for (const kept of await offlineWrites.refresh()) await offlineWrites.forget(kept.key);
});
afterEach(() => vi.restoreAllMocks());

describe('a new record saved with no connection', () => {
  it('is kept on the device, waiting to send under its key, and never tried on the network', async () => {
    setOnline(false);
    const sendNow = vi.fn();
    const outcome = await sendOrKeep(write('key-offline-0001'), `/api${PATH}`, sendNow);
    expect(outcome).toEqual({ isKept: true });
    expect(sendNow).not.toHaveBeenCalled();
    expect(await offlineWrites.find('key-offline-0001')).toMatchObject({ path: PATH, state: 'waiting', ownerId: 'p1' });
  });

  it('is kept when the request never reached the server, but a refusal is the form’s to show and keeps nothing', async () => {
    setOnline(true);
    await sendOrKeep(write('key-unreached-01'), `/api${PATH}`, () => Promise.reject(new ApiError('Failed to fetch', 0, null)));
    expect(await offlineWrites.find('key-unreached-01')).toMatchObject({ state: 'waiting' });
    const refusal = new ApiError('The suit number is required', 400, null);
    await expect(sendOrKeep(write('key-refused-0001'), `/api${PATH}`, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await offlineWrites.find('key-refused-0001')).toBeUndefined();
  });
});

describe('sending the writes kept on the device', () => {
  it("sends the owner's writes once each, with its own key, and forgets them; another person's stay", async () => {
    await offlineWrites.keep(write('key-mine-000001'));
    await offlineWrites.keep(write('key-mine-000002'));
    await offlineWrites.keep(write('key-theirs-00001', 'p2'));
    const keys = serverAnswering(created);
    // The online event and the app's start may ask at the same moment: one run sends.
    const [sent, alsoSent] = await Promise.all([sendOfflineWrites('p1'), sendOfflineWrites('p1')]);
    expect(sent).toBe(2);
    expect(alsoSent).toBe(2);
    expect(keys.sort()).toEqual(['key-mine-000001', 'key-mine-000002']);
    expect((await offlineWrites.refresh()).map((kept) => kept.key)).toEqual(['key-theirs-00001']);
  });

  it("keeps a refused write with the server's message to resolve, and goes on with the next", async () => {
    await offlineWrites.keep(write('key-closed-00001'));
    await offlineWrites.keep(write('key-next-0000001'));
    serverAnswering((key) =>
      key === 'key-closed-00001'
        ? HttpResponse.json({ success: false, message: 'Time cannot be recorded on a closed matter', data: null }, { status: 400 })
        : created(),
    );
    expect(await sendOfflineWrites('p1')).toBe(1);
    expect(await offlineWrites.refresh()).toEqual([
      expect.objectContaining({ key: 'key-closed-00001', state: 'refused', refusal: 'Time cannot be recorded on a closed matter' }),
    ]);
  });

  it('stops at a server that is down or unreachable and keeps everything waiting for the next try', async () => {
    await offlineWrites.keep(write('key-down-0000001'));
    await offlineWrites.keep(write('key-down-0000002'));
    const keys = serverAnswering(() => HttpResponse.json({ success: false, message: 'Unavailable', data: null }, { status: 503 }));
    expect(await sendOfflineWrites('p1')).toBe(0);
    expect(keys).toEqual(['key-down-0000001']);
    expect((await offlineWrites.refresh()).map((kept) => kept.state)).toEqual(['waiting', 'waiting']);
  });
});
