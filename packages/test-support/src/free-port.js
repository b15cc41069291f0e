// A loopback port nothing listens on, for a test, a benchmark or a script that starts a real
// server (the emulator, the server, a throw-away PostgreSQL). Plain JavaScript with its types
// beside it, so Node runs it as it is from the `.mjs` scripts as well as from the TypeScript
// tests. A port asked for with `freePort` is free only when asked: another process may take it
// before the server listens (an outgoing connection's local port, say). A server started in
// the same process holds it with `reservePort` instead: the reservation listens with
// SO_REUSEPORT, the server listens on the same port with `reusePort: true` while the
// reservation still holds it, and only then is the reservation released, so that the port is
// never free in between.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export async function freePort() {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/** @returns {Promise<{ port: number, listenOptions: { port: number, host: string, reusePort: true }, release(): Promise<void> }>} */
export function reservePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', reusePort: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // Held only while the process runs for something else: a test that fails before it
      // listens leaves nothing open.
      server.unref();
      const release = () => new Promise((done) => server.close(() => done(undefined)));
      const listenOptions = { port, host: '127.0.0.1', reusePort: true };
      resolve({ port, listenOptions, release });
    });
  });
}
