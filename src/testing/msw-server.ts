import { setupServer } from 'msw/node';

/**
 * The msw server of the DOM tests (started in setup-dom.ts with onUnhandledRequest: 'error').
 * Tests add handlers with `server.use(...)` or through renderWithApp({ handlers }).
 */
export const server = setupServer();
