// Closing a Fastify app when the process is told to stop.
//
// - Requests in flight finish, for at most `drainMs`; connections still open after that (a
//   platform delivery or a storefront call that will not end) are cut, so what the app holds
//   (queued visits, the access log, the database) is written and closed instead of the process
//   hanging.
// - A connection a client opened ahead of time and never sent a request on (browsers open
//   them speculatively) is closed at once. The HTTP server counts such a connection as busy
//   until its headers time-out, a minute, so without this every stop waited that long while
//   a browser had the site open.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const tracked = new WeakMap<FastifyInstance['server'], Set<Socket>>();

/** Keeps the app's open connections, so a later close can tell the unused ones. */
export function trackConnections(app: FastifyInstance): void {
  if (tracked.has(app.server)) return;
  const sockets = new Set<Socket>();
  tracked.set(app.server, sockets);
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

export async function closeGracefully(app: FastifyInstance, drainMs: number): Promise<void> {
  const deadline = setTimeout(() => {
    app.log.warn({ drainMs }, 'connections still open after the drain time: closing them');
    app.server.closeAllConnections();
  }, drainMs);
  deadline.unref();
  const closing = app.close();
  // Once the close began, no new request is taken; one that has not sent a byte never will.
  for (const socket of tracked.get(app.server) ?? []) {
    if (socket.bytesRead === 0) socket.destroy();
  }
  try {
    await closing;
  } finally {
    clearTimeout(deadline);
  }
}
