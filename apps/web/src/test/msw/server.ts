import { setupServer } from 'msw/node';

/**
 * The one fake API of the web tests: MSW answers the app's real fetch calls. Tests add handlers
 * with `mockApi` (routes.ts); setup.ts starts the server and drops those handlers after each test.
 */
export const server = setupServer();
