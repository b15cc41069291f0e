// The storefront's public calls live in their own plugin scope so their CORS headers apply to
// them only: any storefront origin may call them, without credentials (nothing private is
// returned, so `Access-Control-Allow-Origin: *` is safe), including the preflight of the
// JSON POST. The app layer hands in the routes (the decision, Admin Access's device call).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { handleError } from '../plugins/error-handler.js';

export interface StorefrontScopeOptions {
  /** The paths of the calls, for their preflight answers. */
  paths: string[];
  routes: FastifyPluginAsync[];
}

export async function storefrontScope(
  app: FastifyInstance,
  { paths, routes }: StorefrontScopeOptions,
): Promise<void> {
  // Each call's handler sets the CORS header itself (no hook on the hottest route: a hook
  // costs on every request); every refusal (the rate limiters, the query and body checks)
  // gets it from the scope's error handler.
  app.setErrorHandler((error: Parameters<typeof handleError>[0], request, reply) => {
    void reply.header('access-control-allow-origin', '*');
    return handleError(error, request, reply);
  });
  for (const path of paths) {
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
  for (const plugin of routes) await app.register(plugin);
}
