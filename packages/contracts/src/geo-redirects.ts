// Geolocation Redirects (/redirect): ordered rules, each a set of countries and continents
// sent to an https address, automatically or after a prompt in the visitor's browser, with the
// visitor's path and query kept or not. The first rule that covers a visitor decides, so the
// more specific rule goes above the wider one; a visitor already on the target of a rule that
// covers them stays, or is sent only further inside it. Saving replaces the whole ordered list. A paid feature: every call names
// `geoRedirects` and answers 403 on a plan without it.
import { MAX_GEO_REDIRECTS } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { cleanText } from './hygiene.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const geoRedirectMessages = {
  url: 'Enter the address to send visitors to, starting with https://, like https://example.de.',
  urlNotHttps: (text: string) =>
    `"${text}" is not an https address. Enter a full address starting with https://, like https://example.de.`,
  noCountries: 'Choose at least one country or continent for each redirect.',
  tooMany: `Geolocation Redirects holds at most ${MAX_GEO_REDIRECTS} rules.`,
  ruleId: 'That redirect no longer exists. Reload the page.',
  country: 'Choose a country to test as.',
  testUrl: 'Enter the store page to test, like https://your-store.com/products/hat.',
} as const;
const m = geoRedirectMessages;

/** Most redirect rules a shop keeps. */
export const maxGeoRedirects = MAX_GEO_REDIRECTS;

/** True when the text is an https address the engine accepts as a target. */
export function isHttpsAddress(text: string): boolean {
  const value = text.trim();
  if (/\s/.test(value) || !/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const redirectPromptFields = z.object({
  title: z.string().max(200).superRefine(cleanText('The prompt title')),
  text: z.string().max(1000).superRefine(cleanText("The prompt's text")),
  accept: z.string().min(1, 'Enter the text of the button that redirects.').max(60),
  decline: z.string().min(1, 'Enter the text of the button that stays.').max(60),
  /** The target store's country, whose flag the prompt shows; empty for none. */
  flag: z.string().max(2),
});
export type RedirectPromptFields = z.infer<typeof redirectPromptFields>;

export const DEFAULT_REDIRECT_PROMPT: RedirectPromptFields = {
  title: 'Looks like you are visiting from abroad',
  text: 'We have a store made for your country, with local prices and delivery.',
  accept: 'Go to the local store',
  decline: 'Stay here',
  flag: '',
};

export const geoRedirectRule = z.object({
  /** Absent on a rule added in this save; kept otherwise (its hits and visitor-log name). */
  id: z.uuid({ error: m.ruleId }).optional(),
  enabled: z.boolean(),
  countries: z.array(z.string().max(2)).max(300),
  continents: z.array(z.string().max(2)).max(7),
  url: z
    .string({ error: m.url })
    .max(2048)
    .superRefine((text, ctx) => {
      if (text.trim() === '') ctx.addIssue({ code: 'custom', message: m.url });
      else if (!isHttpsAddress(text))
        ctx.addIssue({ code: 'custom', message: m.urlNotHttps(text) });
    }),
  keepPath: z.boolean(),
  /** auto: redirect at once; prompt: ask the visitor, and remember the answer. */
  mode: z.enum(['auto', 'prompt']),
  prompt: redirectPromptFields,
});
export type GeoRedirectRuleInput = z.infer<typeof geoRedirectRule>;

export const geoRedirectEntry = geoRedirectRule.extend({
  id: z.string(),
  /** Visitors this rule redirected (or asked). */
  hits: z.number(),
  lastHitAt: z.string().nullable(),
});
export type GeoRedirectEntry = z.infer<typeof geoRedirectEntry>;

export const geoRedirectsView = z.object({
  /** In the order they apply. */
  rules: z.array(geoRedirectEntry),
  limit: z.number(),
});
export type GeoRedirectsView = z.infer<typeof geoRedirectsView>;

export const geoRedirectsSaveRequest = z.object({
  rules: z
    .array(
      geoRedirectRule.refine((r) => r.countries.length + r.continents.length > 0, {
        message: m.noCountries,
        path: ['countries'],
      }),
    )
    .max(maxGeoRedirects, m.tooMany),
});

export const geoRedirectTestRequest = z.object({
  country: z.string({ error: m.country }).regex(/^[A-Za-z]{2}$/, m.country),
  url: z
    .string({ error: m.testUrl })
    .max(2048)
    .refine((text) => /^https?:\/\/[^\s]+$/i.test(text.trim()), m.testUrl),
});
export const geoRedirectTestResult = z.object({
  /** What that visitor would get on that page. */
  action: z.enum(['allow', 'block', 'redirect']),
  redirectUrl: z.string().nullable(),
  /** The redirect asks first. */
  prompt: z.boolean(),
  /** The redirect rule that decided (its position from 1), or null. */
  position: z.number().nullable(),
  /** The merchant's words for the outcome. */
  message: z.string(),
});
export type GeoRedirectTestResult = z.infer<typeof geoRedirectTestResult>;

export const geoRedirectsApi = {
  getGeoRedirects: call({
    method: 'GET',
    path: '/api/redirect/get',
    feature: 'geoRedirects',
    request: z.object({}),
    response: geoRedirectsView,
  }),
  /**
   * Replaces the whole ordered list; refused whole (nothing changed) on any problem, each
   * problem listed with its path (["rules", 2, "url"]).
   */
  saveGeoRedirects: call({
    method: 'POST',
    path: '/api/redirect/save',
    feature: 'geoRedirects',
    request: geoRedirectsSaveRequest,
    response: geoRedirectsView,
  }),
  /** What a visitor from a country would get on a page, from the saved rules. */
  testGeoRedirect: call({
    method: 'POST',
    path: '/api/redirect/test',
    feature: 'geoRedirects',
    request: geoRedirectTestRequest,
    response: geoRedirectTestResult,
  }),
};
