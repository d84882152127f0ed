import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Where Debian keeps this machine's PostgreSQL binaries: the clusters a test starts itself run them. */
export const binDirectory = () => execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();

/** A port nothing listens on now, for a cluster of the test's own. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
