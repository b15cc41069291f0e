// The storefront's two public calls, in their own plugin scope so their CORS headers apply to
// them only: any storefront origin may call them, without credentials (nothing private is
// returned, so `Access-Control-Allow-Origin: *` is safe), including the preflight of the
// JSON POST.
import { ADMIN_ACCESS_PATH, DECIDE_PATH } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { handleError } from '../../plugins/error-handler.js';
import { registerAdminAccessRoute } from './admin-access/admin-access-route.js';
import { registerDecideRoute } from './decide/decide-route.js';
import type { ProtectionServices } from './protection-services.js';

export function storefrontRoutes(services: ProtectionServices) {
  return async (app: FastifyInstance) => {
    // Each call's handler sets the CORS header itself (no hook on the hottest route: a hook
    // costs on every request); every refusal (the rate limiters, the query and body checks)
    // gets it from the scope's error handler.
    app.setErrorHandler((error: Parameters<typeof handleError>[0], request, reply) => {
      void reply.header('access-control-allow-origin', '*');
      return handleError(error, request, reply);
    });
    for (const path of [DECIDE_PATH, ADMIN_ACCESS_PATH]) {
      app.options(path, async (_request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-origin', '*')
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
