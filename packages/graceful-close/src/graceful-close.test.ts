import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeGracefully, trackConnections } from './graceful-close.js';

let app: FastifyInstance;
afterEach(() => app?.server.closeAllConnections());

async function start(build: (app: FastifyInstance) => void): Promise<string> {
  app = Fastify();
  trackConnections(app);
  build(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const opened = (url: string) =>
  new Promise<Socket>((resolve, reject) => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

describe('closing gracefully', () => {
  it('does not wait for a connection that never sent a request', async () => {
    const url = await start(() => {});
    const seen = new Promise((resolve) => app.server.once('connection', resolve));
    const idle = await opened(url);
    await seen;
    const ended = new Promise((resolve) => idle.once('close', resolve));
    const cut = vi.spyOn(app.server, 'closeAllConnections');

    // A drain far longer than the test may take: the close must not need it.
    await closeGracefully(app, 600_000);

    await ended;
    expect(cut).not.toHaveBeenCalled();
  });

  it('lets a request in flight finish with its answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = false;
    const url = await start((a) =>
      a.get('/slow', async () => {
        entered = true;
        await held;
        return { done: true };
      }),
    );
    const answer = fetch(`${url}/slow`);
    await vi.waitFor(() => expect(entered).toBe(true));

    const closing = closeGracefully(app, 600_000);
    release();
    const response = await answer;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });

  it('cuts a request that is still not answered after the drain time', async () => {
    let entered = false;
    const url = await start((a) =>
      a.get('/never', async () => {
        entered = true;
        await new Promise(() => {});
      }),
    );
    const answer = fetch(`${url}/never`).then(
      () => 'answered',
      () => 'cut',
    );
    await vi.waitFor(() => expect(entered).toBe(true));
    const cut = vi.spyOn(app.server, 'closeAllConnections');

    await closeGracefully(app, 50);

    expect(cut).toHaveBeenCalled();
    expect(await answer).toBe('cut');
  });
});
