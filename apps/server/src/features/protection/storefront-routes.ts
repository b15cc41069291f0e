// The storefront's two public calls, in their own plugin scope so their CORS headers apply to
// them only: any storefront origin may call them, without credentials (nothing private is
// returned, so `Access-Control-Allow-Origin: *` is safe), including the preflight of the
// JSON POST.
import { ADMIN_ACCESS_PATH, DECIDE_PATH } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { registerAdminAccessRoute } from './admin-access/admin-access-route.js';
import { registerDecideRoute } from './decide/decide-route.js';
import type { ProtectionServices } from './protection-services.js';

export function storefrontRoutes(services: ProtectionServices) {
  return async (app: FastifyInstance) => {
    // Set when the request arrives (a plain callback hook: no promise per request), so every
    // answer carries them, refusals by the rate limiter and the query check included.
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.header('access-control-allow-origin', '*');
      done();
    });
    for (const path of [DECIDE_PATH, ADMIN_ACCESS_PATH]) {
      app.options(path, async (_request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '86400')
          .send(),
      );
    }
    registerDecideRoute(app, services);
    registerAdminAccessRoute(app, services);
  };
}
