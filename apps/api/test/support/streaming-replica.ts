import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binDirectory, freePort } from './local-postgres.ts';

/**
 * A PostgreSQL primary and a real streaming replica of it (pg_basebackup -R), each on a port of its
 * own in a temporary directory, run as the postgres system user with Debian's server binaries.
 * The primary is a cluster of the test's own (not the shared server), so nothing of the machine's
 * configuration changes for replication.
 */
export type StreamingReplica = { primaryUrl: string; replicaUrl: string; pauseReplay(): void; resumeReplay(): void; stop(): void };

export async function startStreamingReplica(): Promise<StreamingReplica> {
  const bin = binDirectory();
  const root = mkdtempSync(join(tmpdir(), 'matterhorn-replica-'));
  chmodSync(root, 0o755);
  const { uid, gid } = {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  };
  chownSync(root, uid, gid);
  const asPostgres = (command: string, args: string[]) => {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = join(root, 'primary');
  const replica = join(root, 'replica');
  const serverOptions = (port: number) => `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;

  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  asPostgres('pg_ctl', ['-D', primary, '-l', join(root, 'primary.log'), '-w', '-o', serverOptions(primaryPort), 'start']);
  const stop = () => {
    for (const directory of [replica, primary])
      spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', directory, '-m', 'immediate', 'stop']);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream']);
    asPostgres('pg_ctl', ['-D', replica, '-l', join(root, 'replica.log'), '-w', '-o', serverOptions(replicaPort), 'start']);
  } catch (error) {
    stop();
    throw error;
  }
  const onReplica = (statement: string) =>
    asPostgres('psql', ['-h', '127.0.0.1', '-p', String(replicaPort), '-U', 'postgres', '-Atc', statement]);
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    pauseReplay: () => onReplica('select pg_wal_replay_pause()'),
    resumeReplay: () => onReplica('select pg_wal_replay_resume()'),
    stop,
  };
}
