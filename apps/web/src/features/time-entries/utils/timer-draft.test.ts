import { describe, expect, it } from 'vitest';
import { timerDraft, type TimerDraft } from './timer-draft.ts';

const typed = (description: string) => ({ description }) as unknown as TimerDraft;

describe('a minimized entry’s typing with several timers', () => {
  it('waits with its timer while another runs, and comes back with it; a new timer starts with none', () => {
    timerDraft.clear();
    timerDraft.keep({ ...typed('Drafted the claim'), duration: '0.5' } as never);
    timerDraft.switchTimer('timer-a', 'timer-b');
    expect(timerDraft.read()).toBeNull();
    timerDraft.keep({ ...typed('Called the client'), duration: '0.1' } as never);
    timerDraft.switchTimer('timer-b', 'timer-a');
    expect(timerDraft.read()).toEqual(typed('Drafted the claim'));
    timerDraft.switchTimer('timer-a', null);
    expect(timerDraft.read()).toBeNull();
    timerDraft.switchTimer(null, 'timer-b');
    expect(timerDraft.read()).toEqual(typed('Called the client'));
    timerDraft.switchTimer('timer-b', 'timer-b');
    expect(timerDraft.read()).toEqual(typed('Called the client'));
    timerDraft.clear();
  });
});
