// Serves the built admin SPA from ADMIN_DIST: files as they are, and index.html for any other
// GET outside /api so client-side routes survive a reload. Without a build, a plain page says
// how to make one. Also the one not-found handler of the app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../errors.js';

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
        index: ['index.html'],
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

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        path !== '/api' &&
        !ASSET_EXTENSION.test(path);
      if (!isPage) return reply.status(404).send({ Message: messages.notFound });
      if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'admin-static', dependencies: ['config'] },
);
