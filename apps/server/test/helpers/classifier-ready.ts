// Waits until the network classification is in use: it is built once the server is ready, so
// a test that needs network flags waits for a hosting address to read as hosting.
import { NETWORK_HOSTING } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

const DIGITALOCEAN = '159.89.0.1'; // AS14061, a hosting network

export async function classifierReady(app: FastifyInstance): Promise<void> {
  await app.protection.geo.ready;
  await vi.waitFor(
    () => {
      const flags = app.protection.geo.current()?.lookup(DIGITALOCEAN).network ?? 0;
      if ((flags & NETWORK_HOSTING) === 0) throw new Error('the classifier is not in use yet');
    },
    { timeout: 30_000, interval: 50 },
  );
}
