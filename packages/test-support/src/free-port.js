// A loopback port nothing listens on, for a test, a benchmark or a script that starts a real
// server (the emulator, the server, a throw-away PostgreSQL). Plain JavaScript with its types
// beside it, so Node runs it as it is from the `.mjs` scripts as well as from the TypeScript
// tests. A port asked for with `freePort` is free only when asked: whoever starts a server in
// the same process should hold it with `reservePort` until the moment the server listens, so
// that no other test, and no outgoing connection, takes it in between.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export async function freePort() {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/** @returns {Promise<{ port: number, release(): Promise<void> }>} */
export function reservePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // Held only while the process runs for something else: a test that fails before it
      // listens leaves nothing open.
      server.unref();
      const release = () => new Promise((done) => server.close(() => done(undefined)));
      resolve({ port, release });
    });
  });
}
