// The Extensions page's calls beside getExtensionEnabned: what a store without the app embed
// gets (the script tag the app adds where the store allows it, which protects pages only once
// they have fully loaded).
import { z } from 'zod';
import type { ApiCall } from './api.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

/** Where the storefront loads the fallback loader and the script, on the app's origin. */
export const FALLBACK_LOADER_PATH = '/storefront/fallback.js';
export const FALLBACK_SCRIPT_PATH = '/storefront/gatehouse.js';

export const storefrontFallback = z.object({
  /** The store carries the app's script tag: without the embed, pages are checked after load. */
  scriptTag: z.boolean(),
  /** The store granted the app script tags (write_script_tags). */
  allowed: z.boolean(),
});
export type StorefrontFallback = z.infer<typeof storefrontFallback>;

export const extensionsApi = {
  getStorefrontFallback: call({
    method: 'POST',
    path: '/api/extensions/getStorefrontFallback',
    request: z.object({}).strict(),
    response: storefrontFallback,
  }),
};
