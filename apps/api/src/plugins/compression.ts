import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The API's JSON (and the CSV, calendar and HTML it writes) compressed for a browser that accepts
 * brotli or gzip, as the built assets already are: a list of 100 time entries is a tenth of its
 * size on a phone network. Only text types: documents and files are already compressed or are
 * sent as stored. Request bodies are never inflated: a small gzip body can expand to gigabytes.
 *
 * A response that reflects a secret beside attacker-chosen text can leak it through its length
 * (BREACH); here the session is a bearer token the page adds itself, so another site cannot make
 * the browser send signed-in requests and watch their sizes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    customTypes: /^(?:text\/(?:html|plain|csv|calendar|css)|application\/(?:json|[\w.+-]+\+json|xml))(?:;|$)/,
  });
}
