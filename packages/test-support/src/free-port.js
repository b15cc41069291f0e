// A loopback port nothing listens on, for a test, a benchmark or a script that starts a real
// server (the emulator, the server, a throw-away PostgreSQL). Plain JavaScript with its types
// beside it, so Node runs it as it is from the `.mjs` scripts as well as from the TypeScript
// tests.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
