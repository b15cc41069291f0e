// Renders enabled app embeds into storefront pages as Shopify does: the block's Liquid
// (everything before `{% schema %}`) with `block`, `shop.permanent_domain`,
// `app.metafields` and an `asset_url` filter, plus the schema's `javascript`/`stylesheet` tags.
import { Liquid } from 'liquidjs';
import { readAppEmbeds } from '../app-embed.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import { blockSettings } from '../extension/theme-extension.js';
import { escapeHtml } from '@gatehouse/html';
import type { ShopRecord } from '../state/types.js';
import { appLiquidObject } from './app-liquid-object.js';

export interface RenderedEmbeds {
  head: string;
  body: string;
}

export function assetUrl(context: EmulatorContext, shop: string, file: string): string {
  const folder = context.extension().dir.replace(/\/+$/, '').split('/').pop() ?? '';
  return shopUrl(context, shop, `/cdn/extensions/${folder}/assets/${encodeURIComponent(file)}`);
}

export async function renderAppEmbeds(
  context: EmulatorContext,
  shop: ShopRecord,
): Promise<RenderedEmbeds> {
  const rendered: RenderedEmbeds = { head: '', body: '' };
  const installation = context.store.state.installations[shop.domain];
  if (!installation) return rendered;
  const enabled = readAppEmbeds(context, shop).filter((embed) => embed.enabled);
  if (enabled.length === 0) return rendered;
  const engine = new Liquid();
  engine.registerFilter('asset_url', (file: unknown) =>
    assetUrl(context, shop.domain, String(file)),
  );
  const app = appLiquidObject(context, installation);
  for (const embed of enabled) {
    const markup = await engine.parseAndRender(embed.block.markup, {
      block: { id: embed.blockId, settings: blockSettings(embed.block, embed.settings) },
      shop: { permanent_domain: shop.domain, name: shop.name, currency: shop.currency },
      app,
    });
    const tags = [
      embed.block.stylesheet
        ? `<link rel="stylesheet" href="${escapeHtml(assetUrl(context, shop.domain, embed.block.stylesheet))}">`
        : '',
      embed.block.javascript
        ? `<script src="${escapeHtml(assetUrl(context, shop.domain, embed.block.javascript))}" defer="defer"></script>`
        : '',
    ].join('');
    const output = `${markup.trim()}${tags}\n`;
    if (embed.block.target === 'body') rendered.body += output;
    else rendered.head += output;
  }
  return rendered;
}
