import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * A virus scanner reached over clamd's TCP protocol (INSTREAM). We speak the protocol ourselves
 * (about sixty lines) rather than use the clamscan package: its setup probes for local binaries
 * and config files, and its errors do not tell "the scanner is down" (retry later) from "the
 * scanner refused this file" (a verdict) — the one distinction our documents depend on.
 */
export type ScanVerdict = { isInfected: false } | { isInfected: true; signature: string };

export type VirusScanner = {
  /** Streams the bytes to clamd; throws ScannerUnavailableError when it cannot get a verdict. */
  scan(content: Readable): Promise<ScanVerdict>;
  ping(): Promise<boolean>;
};

/** No verdict (unreachable, timed out, or clamd answered an error): the file stays unscanned. */
export class ScannerUnavailableError extends Error {
  override name = 'ScannerUnavailableError';
}

/** CLAMD_URL is tcp://host:port. */
export function parseClamdUrl(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'tcp:' || !parsed.port) throw new Error(`CLAMD_URL must look like tcp://host:port, not ${url}`);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

const CHUNK_BYTES = 64 * 1024;

export function createClamdScanner(url: string, { timeoutMs = 60_000 } = {}): VirusScanner {
  const { host, port } = parseClamdUrl(url);

  /** Opens a connection, lets `talk` write the request, and answers clamd's one reply (NUL-terminated). */
  const exchange = (talk: (socket: Socket) => Promise<void>) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect({ host, port });
      const chunks: Buffer[] = [];
      const fail = (error: unknown) => {
        socket.destroy();
        reject(new ScannerUnavailableError(`clamd at ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`));
      };
      socket.setTimeout(timeoutMs, () => fail(new Error('timed out')));
      socket.on('error', fail);
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8').replace(/\0+$/, '').trim()));
      socket.on('connect', () => talk(socket).catch(fail));
    });

  const exchangeClosing = (content: Readable, talk: (socket: Socket) => Promise<void>) => exchange(talk).finally(() => content.destroy());

  const write = (socket: Socket, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));

  return {
    ping: async () => (await exchange((socket) => write(socket, Buffer.from('zPING\0')).catch(() => undefined)).catch(() => '')) === 'PONG',
    scan: async (content) => {
      // A file never streamed (clamd unreachable) is closed here, not left holding a handle or an S3 connection.
      const reply = await exchangeClosing(content, async (socket) => {
        await write(socket, Buffer.from('zINSTREAM\0'));
        for await (const piece of content as AsyncIterable<Buffer>) {
          for (let offset = 0; offset < piece.length; offset += CHUNK_BYTES) {
            const chunk = piece.subarray(offset, offset + CHUNK_BYTES);
            const length = Buffer.alloc(4);
            length.writeUInt32BE(chunk.length);
            await write(socket, Buffer.concat([length, chunk]));
          }
        }
        await write(socket, Buffer.alloc(4));
      });
      if (/^stream: OK$/.test(reply)) return { isInfected: false };
      const found = /^stream: (.+) FOUND$/.exec(reply);
      if (found) return { isInfected: true, signature: found[1]! };
      // "INSTREAM size limit exceeded. ERROR" and the like: no verdict, so the file is not available.
      throw new ScannerUnavailableError(`clamd answered: ${reply || '(nothing)'}`);
    },
  };
}
