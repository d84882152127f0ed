import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClamdScanner } from '../../src/platform/scanning/clamd.ts';

export const CLAMD_BINARY = '/usr/sbin/clamd';
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

/**
 * The EICAR anti-virus test file, built from parts so that no file of this repository holds it
 * whole (a scanner on a developer's machine would quarantine the source).
 */
export function eicarBytes(): Buffer {
  const parts = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'];
  return Buffer.from(parts.join(''), 'ascii');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type RunningClamd = { url: string; stop(): Promise<void> };

/**
 * A real clamd on a free local port, in a temporary directory with its own configuration and a
 * one-signature database (EICAR by its MD5 hash: real virus definitions cannot be downloaded here).
 * Resolves once it answers PING.
 */
export async function startClamd(): Promise<RunningClamd> {
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-clamd-'));
  const eicar = eicarBytes();
  await writeFile(join(directory, 'test.hdb'), `${createHash('md5').update(eicar).digest('hex')}:${eicar.length}:${EICAR_SIGNATURE}\n`);
  const port = await freePort();
  const configFile = join(directory, 'clamd.conf');
  await writeFile(
    configFile,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${directory}`,
      `PidFile ${join(directory, 'clamd.pid')}`,
      `TemporaryDirectory ${directory}`,
      'LogTime no',
      'LogSyslog no',
      'StreamMaxLength 25M',
      'MaxThreads 2',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(CLAMD_BINARY, ['--config-file', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `tcp://127.0.0.1:${port}`;
  const scanner = createClamdScanner(url, { timeoutMs: 2_000 });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!(await scanner.ping())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`clamd did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
