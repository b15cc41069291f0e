// A tiny store for the browser tests: one HTTP server plays the storefront (pages with the
// rendered app-embed block, the built script, a probe of what gets painted), another plays the
// app's API with scripted answers to the storefront calls. Two ports, so the calls are
// cross-origin as in production.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBE_SCRIPT } from './probe.js';
import { renderBlock } from './render-block.js';

export const SHOP = 'demo.myshopify.com';

/** What the fake API answers: JSON unless `raw` is given. */
export interface Answer {
  status?: number;
  json?: unknown;
  raw?: string;
}

/** An answer given at once, or once the test lets it go (a slow app). */
export type Answering = Answer | Promise<Answer>;

export interface StoreOptions {
  /** The built gatehouse.js, or null to answer its URL with 404. */
  script: string | null;
  /** The built gatehouse-extras.js (404 when not given). */
  extras?: string;
  /** Extra markup at the start of the store's <body> (a form field, an image). */
  bodyStart?: string;
  decide: (query: URLSearchParams) => Answering;
  adminAccess?: (body: Record<string, unknown>) => Answering;
  accessRequest?: (body: Record<string, unknown>) => Answering;
  timeoutMs?: number;
  /** Leave the app's origin unset, as before the app has written its metafield. */
  noApiOrigin?: boolean;
  /** Hold the store page's <body> back after its <head> until this settles. */
  holdBody?: Promise<void>;
  /** Extra markup at the start of the store's <head>, before the block. */
  headStart?: string;
  /** The policy version the block renders (the app metafield). */
  policyVersion?: string;
  /** Hold the answer to gatehouse.js back until this settles. */
  holdScript?: Promise<void>;
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

export interface Store {
  url: string;
  apiOrigin: string;
  /** Every call the script made to the API (preflights excluded). */
  calls: ApiCall[];
  /** Paths of the store pages whose content the probe saw visible. */
  painted: string[];
  close(): Promise<void>;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

async function respond(res: ServerResponse, answering: Answering, headers: Record<string, string>) {
  const answer = await answering;
  if (res.destroyed) return;
  const body = answer.raw ?? JSON.stringify(answer.json ?? {});
  res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

const STORE_BODY = `<body>
<main id="store-content"><h1>Welcome to the demo store</h1><p>New arrivals every week.</p></main>
<script>window.storeScriptRan = true; document.body.dataset.storeScript = 'ran';</script>
</body></html>`;

export async function openStore(options: StoreOptions): Promise<Store> {
  const calls: ApiCall[] = [];
  const painted: string[] = [];

  const api = await listen((req, res) => {
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://api');
    void readBody(req).then((text) => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      calls.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body });
      if (url.pathname === '/api/storefront/decide') {
        return respond(res, options.decide(url.searchParams), cors);
      }
      if (url.pathname === '/api/storefront/adminAccess' && options.adminAccess && body) {
        return respond(res, options.adminAccess(body), cors);
      }
      if (url.pathname === '/api/storefront/accessRequest' && options.accessRequest && body) {
        return respond(res, options.accessRequest(body), cors);
      }
      return respond(res, { status: 404, json: { Message: 'Not found' } }, cors);
    });
  });

  const store = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://store');
    if (url.pathname === '/__painted') {
      void readBody(req).then((path) => {
        painted.push(path);
        res.end();
      });
      return;
    }
    if (url.pathname === '/assets/gatehouse.js') {
      void (async () => {
        await options.holdScript;
        if (res.destroyed) return;
        if (options.script === null) res.writeHead(404).end('Not found');
        else res.writeHead(200, { 'content-type': 'text/javascript' }).end(options.script);
      })();
      return;
    }
    if (url.pathname === '/assets/gatehouse-extras.js') {
      if (options.extras === undefined) res.writeHead(404).end('Not found');
      else res.writeHead(200, { 'content-type': 'text/javascript' }).end(options.extras);
      return;
    }
    if (url.pathname === '/elsewhere') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Elsewhere</title><h1 id="elsewhere">Elsewhere</h1>');
      return;
    }
    void (async () => {
      const block = await renderBlock({
        shop: SHOP,
        apiOrigin: options.noApiOrigin ? '' : api.origin,
        timeoutMs: options.timeoutMs ?? 2500,
        ...(options.policyVersion ? { policyVersion: options.policyVersion } : {}),
        assetBase: '/assets',
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><script>${PROBE_SCRIPT}</script>` +
          `${options.headStart ?? ''}${block}<title>Demo store</title>` +
          `<style>body{font-family:sans-serif;background:#fafafa}</style></head>\n`,
      );
      await options.holdBody;
      if (!res.destroyed) res.end(STORE_BODY.replace('<body>', `<body>${options.bodyStart ?? ''}`));
    })();
  });

  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: store.origin,
    apiOrigin: api.origin,
    calls,
    painted,
    close: async () => {
      await Promise.all([close(api.server), close(store.server)]);
    },
  };
}
