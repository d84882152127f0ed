import type { FastifyInstance } from 'fastify';

/**
 * The browser features Matterhorn never uses, switched off for the page and anything it frames
 * (a previewed document, an injected script): none can ask for the camera, microphone, location,
 * payment sheet or attached devices. Only features Chromium knows are named: an unknown one (bluetooth)
 * is a warning in the console of every page. Helmet sets no Permissions-Policy, so it is set here, before
 * the handler, so that error answers and the web app's files carry it too.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export function registerPermissionsPolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
