// Content Protection (/contentProtect): switches that make copying a store's content harder
// for an ordinary visitor, each off or on for the whole store or for product and collection
// pages only. Admin Access devices are never restricted. A paid feature: every call names
// `contentProtection` and answers 403 on a plan without it.
import { z } from 'zod';
import type { ApiCall } from './api.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

/** The switches, as the storefront script names them. */
export const CONTENT_SWITCHES = [
  'rightClick',
  'select',
  'copy',
  'drag',
  'shortcuts',
  'devtools',
  'frame',
] as const;
export type ContentSwitch = (typeof CONTENT_SWITCHES)[number];

/** Where a switch applies: nowhere, the whole store, or product and collection pages. */
export const contentScope = z.enum(['off', 'store', 'catalog'], {
  error: 'Choose off, the whole store, or products and collections.',
});
export type ContentScope = z.infer<typeof contentScope>;

export const contentProtectionSettings = z
  .object(
    Object.fromEntries(CONTENT_SWITCHES.map((name) => [name, contentScope])) as Record<
      ContentSwitch,
      typeof contentScope
    >,
  )
  .strict();
export type ContentProtectionSettings = z.infer<typeof contentProtectionSettings>;

export const CONTENT_PROTECTION_OFF: ContentProtectionSettings = Object.freeze(
  Object.fromEntries(CONTENT_SWITCHES.map((name) => [name, 'off'])) as ContentProtectionSettings,
);

/** Product and collection pages, with or without a language prefix (/fr/products/…). */
export function isCatalogPath(path: string): boolean {
  return /^\/(?:[a-z]{2}(?:-[a-z]{2,4})?\/)?(?:products|collections)(?:\/|$)/i.test(path);
}

export const contentProtectionApi = {
  getContentProtection: call({
    method: 'GET',
    path: '/api/contentProtect/get',
    feature: 'contentProtection',
    request: z.object({}),
    response: contentProtectionSettings,
  }),
  saveContentProtection: call({
    method: 'POST',
    path: '/api/contentProtect/save',
    feature: 'contentProtection',
    request: contentProtectionSettings,
    response: contentProtectionSettings,
  }),
};
