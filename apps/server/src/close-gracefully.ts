// Closes the app, letting requests in flight finish for at most `drainMs`; connections still
// open after that (a platform delivery or a storefront call that will not end) are cut so the
// queued visits are written and the database closes, instead of the process hanging.
import type { FastifyInstance } from 'fastify';

export async function closeGracefully(app: FastifyInstance, drainMs: number): Promise<void> {
  const deadline = setTimeout(() => {
    app.log.warn({ drainMs }, 'connections still open after the drain time: closing them');
    app.server.closeAllConnections();
  }, drainMs);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
