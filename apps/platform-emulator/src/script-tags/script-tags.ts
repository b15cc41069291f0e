// Script tags: scripts an app added to the online store through the Admin API while the platform
// still took new ones (before October 1, 2026; since then creating or updating one is refused on
// every API version). The storefront loads each one asynchronously once the page has loaded,
// with `?shop={domain}` appended to its address, as the platform does, until the day it stops
// running them (March 1, 2027). They go with the app when it is uninstalled.
import type { EmulatorContext } from '../context.js';
import type { ScriptTagRecord } from '../state/types.js';
import { escapeHtml } from '@gatehouse/html';

/** The day the platform stops running script tags on storefronts. */
export const SCRIPT_TAGS_END_AT = new Date('2027-03-01T00:00:00Z');

/** The user error scriptTagCreate and scriptTagUpdate answer on every API version. */
export const SCRIPT_TAGS_REFUSED =
  'Script tags are deprecated and can no longer be created or updated. Use a theme app extension (app embed block) instead.';

export function shopScriptTags(context: EmulatorContext, shop: string): ScriptTagRecord[] {
  return (context.store.state.scriptTags ?? []).filter((tag) => tag.shop === shop);
}

export function removeShopScriptTags(context: EmulatorContext, shop: string): void {
  context.store.state.scriptTags = (context.store.state.scriptTags ?? []).filter(
    (tag) => tag.shop !== shop,
  );
}

/**
 * The platform accepts only https sources; loopback addresses are let through over http so a
 * local app can be used.
 */
export function scriptSourceError(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return 'Source is invalid';
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return null;
  return 'Source must be an https URL';
}

/** The address the storefront loads: the tag's source with the shop appended. */
export function scriptTagUrl(tag: ScriptTagRecord): string {
  const url = new URL(tag.src);
  url.searchParams.set('shop', tag.shop);
  return url.toString();
}

/** A script tag the app added before the platform stopped taking them (the control API's). */
export function addOldScriptTag(
  context: EmulatorContext,
  shop: string,
  input: { src: string; displayScope: ScriptTagRecord['displayScope']; createdAt: string },
): ScriptTagRecord {
  const tag: ScriptTagRecord = {
    id: context.store.nextId(),
    shop,
    src: input.src,
    displayScope: input.displayScope,
    cache: false,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
  };
  context.store.state.scriptTags = [...(context.store.state.scriptTags ?? []), tag];
  context.store.save();
  return tag;
}

/**
 * The storefront's loader: appends each online-store script tag after the load event; nothing
 * from the day the platform stopped running them.
 */
export function scriptTagLoader(context: EmulatorContext, shop: string): string {
  if (Date.now() >= context.scriptTagsEndAt.getTime()) return '';
  const urls = shopScriptTags(context, shop)
    .filter((tag) => tag.displayScope !== 'ORDER_STATUS')
    .map(scriptTagUrl);
  if (urls.length === 0 || !context.store.state.installations[shop]) return '';
  // JSON inside <script>: "<" escaped so no address can close the element.
  const list = JSON.stringify(urls).replace(/</g, '\\u003c');
  return `<script id="platform-script-tags" data-count="${escapeHtml(String(urls.length))}">(function(){function asyncLoad(){var urls=${list};for(var i=0;i<urls.length;i++){var s=document.createElement('script');s.type='text/javascript';s.async=true;s.src=urls[i];var x=document.getElementsByTagName('script')[0];x.parentNode.insertBefore(s,x);}}if(document.readyState==='complete'){asyncLoad();}else{window.addEventListener('load',asyncLoad,false);}})();</script>`;
}
