import type { BackupRun, BackupStatus } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { durationText, overdueDays, unresolvedFailures } from './backup-display.ts';

const run = (overrides: Partial<BackupRun>): BackupRun => ({
  id: 'r',
  kind: 'backup',
  trigger: 'schedule',
  status: 'succeeded',
  startedAt: '2026-11-27T01:00:00.000Z',
  finishedAt: '2026-11-27T01:00:05.000Z',
  backupId: null,
  destination: null,
  bytesWritten: null,
  bytesTotal: null,
  files: null,
  durationMs: 5000,
  proofs: [],
  failure: null,
  ...overrides,
});

const statusOf = (runs: BackupRun[]): BackupStatus =>
  ({
    keptSince: '2026-11-01T00:00:00.000Z',
    lastBackup: runs.find((one) => one.kind === 'backup' && one.status === 'succeeded') ?? null,
    runs,
  }) as BackupStatus;

describe('backup display', () => {
  it('turns red from two whole days without a backup that succeeded', () => {
    const now = new Date('2026-11-29T00:59:00Z');
    expect(overdueDays(statusOf([run({})]), now)).toBeNull();
    expect(overdueDays(statusOf([run({})]), new Date('2026-11-29T01:00:05Z'))).toBe(2);
    // Never backed up: counted from when backups began to be kept.
    expect(overdueDays(statusOf([]), now)).toBe(28);
  });

  it('shows a failure until a run of its kind succeeds after it', () => {
    const failed = run({ id: 'f', status: 'failed', failure: 'disk full', startedAt: '2026-11-28T01:00:00.000Z' });
    expect(unresolvedFailures(statusOf([failed, run({})]))).toEqual([failed]);
    expect(unresolvedFailures(statusOf([run({ id: 'ok' }), failed]))).toEqual([]);
    const drill = run({ id: 'd', kind: 'drill', status: 'failed' });
    expect(unresolvedFailures(statusOf([run({ id: 'running', status: 'running' }), drill, failed]))).toEqual([failed, drill]);
  });

  it('says how long a run took', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(400)).toBe('1 s');
    expect(durationText(72_000)).toBe('1 min 12 s');
  });
});
