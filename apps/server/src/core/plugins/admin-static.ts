// Serves the built admin SPA from ADMIN_DIST: files as they are, and index.html for any other
// GET outside /api so client-side routes survive a reload. Without a build, a plain page says
// how to make one. A page the platform's admin frames is served as embedded-page.ts says. Either
// page names its path's page code as module preloads (page-preloads.ts). Also the one not-found
// handler of the app.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBodyOf, messages } from '../errors.js';
import {
  embeddedFailurePage,
  embeddedLoadFailures,
  embeddedLoadOf,
  setEmbeddedHeaders,
  withAppBridge,
  type EmbeddedLoad,
} from '../http/embedded-page.js';
import { readPagePreloads, withPagePreloads } from '../http/page-preloads.js';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">The Gatehouse admin has not been built yet</h1>
<p>Run <code>npm run build</code> at the repository root, then reload this page. The API is running.</p>
</body></html>`;

// Paths that name a missing file get a 404, not the SPA; `/iplookup/1.2.3.4` is still a page.
const ASSET_EXTENSION =
  /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|json|txt|xml|woff2?|ttf|webmanifest|html)$/i;

export const adminStaticPlugin = fp(
  async (app: FastifyInstance) => {
    const dist = app.config.adminDist;
    const built = existsSync(join(dist, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        // `/` has its own route below, which knows an embedded load.
        index: false,
        cacheControl: false,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes(`${join(dist, 'assets')}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }

    /**
     * The framed page: refused for an unsigned or stale query or another shop's token, else the
     * admin with App Bridge.
     */
    async function embeddedPage(request: FastifyRequest, reply: FastifyReply, load: EmbeddedLoad) {
      if (!load.shop) return embeddedFailurePage(reply, 400, embeddedLoadFailures.shop);
      // The shop and host are the platform's word only under its signature, checked before
      // the page may be framed by that shop's admin or installs anything.
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      if (!(await app.platform.isSignedQuery(query))) {
        request.log.warn({ shop: load.shop }, 'embedded load without a valid signature');
        return embeddedFailurePage(reply, 401, embeddedLoadFailures.signature);
      }
      setEmbeddedHeaders(reply, app.config, load.shop);
      if (load.idToken) {
        const claims = await app.platform.verifySessionToken(load.idToken);
        if (claims && claims.shop !== load.shop) {
          request.log.warn(
            { shop: load.shop, tokenShop: claims.shop },
            'session token of another shop',
          );
          return embeddedFailurePage(reply, 401, embeddedLoadFailures.token);
        }
        // A good token installs a shop the platform installed itself before the page asks for
        // anything; an old one (a reload) is let be: the page's calls bring fresh ones.
        if (claims) {
          try {
            await app.sessionTokenShop(load.idToken);
          } catch (error) {
            request.log.error({ err: error, shop: load.shop }, 'install on the first load failed');
          }
        }
      }
      if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      const index = await indexFor(request);
      return reply.type('text/html; charset=utf-8').send(withAppBridge(index, app.config));
    }

    /** index.html as built, with the module preloads of the page at the request's path. */
    async function indexFor(request: FastifyRequest): Promise<string> {
      const [index, preloads] = await Promise.all([
        readFile(join(dist, 'index.html'), 'utf8'),
        readPagePreloads(dist, request.log),
      ]);
      return withPagePreloads(index, preloads, request.url.split('?')[0] ?? '/');
    }

    async function page(request: FastifyRequest, reply: FastifyReply) {
      const embedded = embeddedLoadOf(request);
      if (embedded) return embeddedPage(request, reply, embedded);
      if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      const index = await indexFor(request);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
    }

    app.get('/', page);

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        path !== '/api' &&
        !ASSET_EXTENSION.test(path);
      if (!isPage) return reply.status(404).send(errorBodyOf(messages.notFound, 'not_found'));
      return page(request, reply);
    });
  },
  { name: 'admin-static', dependencies: ['config', 'auth', 'platform'] },
);
