// GET/POST /shops/:shop/admin/themes/current/editor: a deep link
// (`context=apps&activateAppId={api key or extension uid}/{block handle}`) only switches the
// toggle on in the page; nothing is stored until the merchant clicks Save, as on Shopify.
import type { FastifyInstance } from 'fastify';
import { mainTheme, readAppEmbeds, saveAppEmbed } from '../app-embed.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import { shopOr404 } from '../shop-scope.js';
import type { ShopRecord } from '../state/types.js';
import { editorPage, type EditorNotice } from './editor-page.js';

const EDITOR_PATH = '/admin/themes/current/editor';

function render(
  context: EmulatorContext,
  shop: ShopRecord,
  notice: EditorNotice | null,
  activate: string | null,
): string {
  const installed = Boolean(context.store.state.installations[shop.domain]);
  const embeds = installed ? readAppEmbeds(context, shop) : [];
  const switchedOn = new Set(embeds.filter((e) => e.enabled).map((e) => e.block.handle));
  if (activate) switchedOn.add(activate);
  return editorPage({
    shop,
    appName: context.app.name,
    themeName: mainTheme(shop)?.name ?? 'Theme',
    embeds,
    switchedOn,
    notice,
    actionUrl: shopUrl(context, shop.domain, `${EDITOR_PATH}?context=apps`),
    previewUrl: shopUrl(context, shop.domain, '/'),
    adminUrl: shopUrl(context, shop.domain, '/admin'),
  });
}

/** Which embed a deep link asks for, or why it cannot be activated. */
function resolveActivation(
  context: EmulatorContext,
  shop: ShopRecord,
  activateAppId: string,
): { handle: string } | { error: string } {
  const slash = activateAppId.lastIndexOf('/');
  const id = slash === -1 ? activateAppId : activateAppId.slice(0, slash);
  const handle = slash === -1 ? '' : activateAppId.slice(slash + 1);
  const knownId = id === context.app.clientId || id === context.extension().uid;
  if (!knownId || !context.store.state.installations[shop.domain]) {
    return { error: 'The app embed could not be activated: no installed app matches this link.' };
  }
  if (!readAppEmbeds(context, shop).some((embed) => embed.block.handle === handle)) {
    return {
      error: `The app embed could not be activated: "${handle}" is not an app embed of ${context.app.name}.`,
    };
  }
  return { handle };
}

export async function editorRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.get(EDITOR_PATH, async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const { activateAppId } = request.query as { activateAppId?: string };
    let notice: EditorNotice | null = null;
    let activate: string | null = null;
    if (activateAppId) {
      const resolved = resolveActivation(context, shop, activateAppId);
      if ('error' in resolved) notice = { tone: 'critical', text: resolved.error };
      else {
        activate = resolved.handle;
        notice = { tone: 'info', text: 'App embed activated. Save to publish.' };
      }
    }
    return reply.type('text/html; charset=utf-8').send(render(context, shop, notice, activate));
  });

  app.post(EDITOR_PATH, async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const form = (request.body ?? {}) as { embed?: string | string[] };
    const on = new Set(Array.isArray(form.embed) ? form.embed : form.embed ? [form.embed] : []);
    if (context.store.state.installations[shop.domain]) {
      for (const embed of readAppEmbeds(context, shop)) {
        saveAppEmbed(context, shop, embed.block.handle, on.has(embed.block.handle));
      }
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(render(context, shop, { tone: 'success', text: 'Saved' }, null));
  });
}
