// Control endpoints for what a merchant changes on the online store besides the app embed: add
// a theme (with no app embed switched on, as a newly installed theme has) and publish one, which
// unpublishes the live theme and sends themes/publish; and the script tags an app added before
// the platform stopped taking new ones, so a test can start from a store that still has one;
// and the storefront's robots.txt, as a robots.txt.liquid template changes it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../context.js';
import { addOldScriptTag, scriptSourceError } from '../script-tags/script-tags.js';
import { robotsTxtOf } from '../storefront/robots-txt.js';
import type { ThemeRecord } from '../state/types.js';
import { addTheme, publishTheme } from '../themes.js';
import { controlShop, notInstalled } from './control-shop.js';

const themeBody = z.object({
  name: z.string().trim().min(1).max(50),
  publish: z.boolean().optional(),
});
/** A bound on the text a test sets, far above any real robots.txt. */
const robotsTxtBody = z.object({ text: z.string().max(500_000).nullable() });
const scriptTagBody = z.object({
  src: z.string(),
  displayScope: z.enum(['ALL', 'ORDER_STATUS', 'ONLINE_STORE']).optional(),
  createdAt: z.iso.datetime().optional(),
});

function themeView(theme: ThemeRecord) {
  return { id: theme.id, name: theme.name, role: theme.role, updatedAt: theme.updatedAt };
}

export async function onlineStoreControlRoutes(app: FastifyInstance, context: EmulatorContext) {
  const findShop = (domain: string, reply: FastifyReply) => controlShop(context, domain, reply);

  app.post('/_emulator/shops/:shop/themes', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = themeBody.safeParse(request.body ?? {});
    if (!body.success) {
      return reply.code(400).send({ error: 'Expected {"name": "Horizon", "publish"?: boolean}' });
    }
    const theme = addTheme(context, shop, body.data.name);
    if (body.data.publish) publishTheme(context, shop, theme);
    return reply.code(201).send(themeView(theme));
  });

  app.post('/_emulator/shops/:shop/themes/:id/publish', async (request, reply) => {
    const params = request.params as { shop: string; id: string };
    const shop = findShop(params.shop, reply);
    if (!shop) return reply;
    const theme = shop.themes.find((candidate) => String(candidate.id) === params.id);
    if (!theme) return reply.code(404).send({ error: `No theme ${params.id} on ${shop.domain}` });
    publishTheme(context, shop, theme);
    return themeView(theme);
  });

  app.post('/_emulator/shops/:shop/script-tags', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    if (!context.store.state.installations[shop.domain]) return notInstalled(context, reply);
    const body = scriptTagBody.safeParse(request.body ?? {});
    const sourceError = body.success ? scriptSourceError(body.data.src) : null;
    if (!body.success || sourceError) {
      return reply.code(400).send({
        error: sourceError ?? 'Expected {"src": "https://…", "displayScope"?, "createdAt"?}',
      });
    }
    const tag = addOldScriptTag(context, shop.domain, {
      src: body.data.src,
      displayScope: body.data.displayScope ?? 'ONLINE_STORE',
      // Before the platform stopped taking new ones.
      createdAt: body.data.createdAt ?? '2026-09-01T00:00:00.000Z',
    });
    return reply.code(201).send({ id: tag.id, src: tag.src, displayScope: tag.displayScope });
  });

  app.post('/_emulator/shops/:shop/robots-txt', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = robotsTxtBody.safeParse(request.body ?? {});
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: 'Expected {"text": "User-agent: …"} (at most 500 000 characters) or null' });
    }
    if (body.data.text === null) delete shop.robotsTxt;
    else shop.robotsTxt = body.data.text;
    context.store.save();
    return { robotsTxt: robotsTxtOf(context, shop) };
  });
}
