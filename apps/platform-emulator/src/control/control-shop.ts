// What the control endpoints share: the shop a path names (404 with the platform-style error
// when there is none) and the 409 for an action that needs the app installed.
import type { FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { isShopDomain } from '../shop-domain.js';
import type { ShopRecord } from '../state/types.js';

export function controlShop(
  context: EmulatorContext,
  domain: string,
  reply: FastifyReply,
): ShopRecord | null {
  const shop = isShopDomain(domain) ? context.store.shop(domain) : undefined;
  if (shop) return shop;
  void reply.code(404).send({ error: `No shop ${domain}` });
  return null;
}

export function notInstalled(context: EmulatorContext, reply: FastifyReply) {
  return reply.code(409).send({ error: `${context.app.name} is not installed on this shop` });
}
