import type { TimerTotal } from '@matterhorn/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTimerTotal, keptTimerTotal } from './kept-timer.ts';
import { getTimerTotal } from './timer.ts';

const running: TimerTotal = { totalTime: '00:10:00', totalTimeInDouble: 0.1667, isStarted: true };
const ANSWERED_AT = Date.UTC(2026, 10, 29, 9, 0, 0);

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the timer kept on the device', () => {
  it('counts a running timer on from when the server answered, for that token only', () => {
    keepTimerTotal('token-a', running, ANSWERED_AT);
    expect(keptTimerTotal('token-a', ANSWERED_AT + 95_000)).toEqual({ totalTime: '00:11:35', totalTimeInDouble: 0.1931, isStarted: true });
    expect(keptTimerTotal('token-b', ANSWERED_AT + 95_000)).toBeNull();
  });

  it('keeps a paused timer as it was, and reads nothing from a damaged copy', () => {
    const paused = { ...running, isStarted: false };
    keepTimerTotal('token-a', paused, ANSWERED_AT);
    expect(keptTimerTotal('token-a', ANSWERED_AT + 3_600_000)).toEqual(paused);
    localStorage.setItem('keptTimer', '{not json');
    expect(keptTimerTotal('token-a')).toBeNull();
  });

  it('answers the kept total, counted on, when the server cannot be reached; a refusal is not covered up', async () => {
    localStorage.setItem('token', 'token-a');
    const answered = { success: true, message: 'Timer', data: running };
    const fetch = vi.spyOn(globalThis, 'fetch');
    fetch.mockResolvedValueOnce(new Response(JSON.stringify(answered), { headers: { 'content-type': 'application/json' } }));
    expect(await getTimerTotal({})).toEqual(running);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await getTimerTotal({});
    expect(offline.isStarted).toBe(true);
    expect(offline.totalTimeInDouble).toBeGreaterThanOrEqual(running.totalTimeInDouble);
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ success: false, message: 'Server error', data: null }), { status: 500 }));
    await expect(getTimerTotal({})).rejects.toThrow();
  });
});
