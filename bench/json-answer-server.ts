import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server for the bench's comparison rows: each request is answered with the JSON
 * envelope of what `answer` resolves to, 404 when it resolves to undefined, 500 with the error's
 * words when it fails. `close` releases what the server reads from once it has stopped.
 */
export async function startJsonAnswerServer(
  message: string,
  answer: (request: IncomingMessage) => Promise<unknown>,
  close: () => Promise<void>,
) {
  const server = createServer((request, response) => {
    answer(request).then(
      (data) => {
        response.writeHead(data === undefined ? 404 : 200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ success: data !== undefined, message, data: data ?? null }));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await close();
    },
  };
}
