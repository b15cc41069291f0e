// A local HTTP receiver standing in for the app's webhook endpoint, and a polling wait for
// asynchronous deliveries.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver that answers each POST with the next status in `statuses`. */
export async function startReceiver(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = statuses[received.length - 1] ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it holds, for at most `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('timed out waiting');
    },
    { timeout: timeoutMs, interval: 10 },
  );
}
