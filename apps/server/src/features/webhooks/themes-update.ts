// themes/update: the merchant saved a theme (perhaps switching the app embed), so the cached
// embed state is stale.
import type { FastifyInstance } from 'fastify';

export async function handleThemesUpdate(app: FastifyInstance, shopDomain: string) {
  app.platform.invalidateAppEmbedState(shopDomain);
}
