// The Firewall's Realtime Access Log (/fw-accessLog, Premium): every request a firewall
// instance proxied or refused, as the instances send them to the server in batches (the
// firewall key as bearer), and as the merchant reads them: a page of history, newest first,
// keyset-paginated by id, and a live tail as server-sent events over an authenticated fetch.
import { isIp } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { isVisitReference } from './visit-reference.js';

/** Where firewall instances send their batches of requests (bearer: the firewall key). */
export const FIREWALL_ACCESS_LOG_PATH = '/api/firewall/accessLog';
/** The live tail: `text/event-stream`, the merchant's session as bearer, filters as query. */
export const FIREWALL_ACCESS_STREAM_PATH = '/api/fwAccessLog/stream';
/** The event that carries new entries on the live tail (its data: `{ entries }`). */
export const FIREWALL_ACCESS_EVENT = 'entries';

/** At most this many requests in one batch from a firewall. */
export const FIREWALL_ACCESS_BATCH_MAX = 500;
/** A URL is kept to this many characters. */
export const FIREWALL_ACCESS_URL_MAX = 1024;
/** A signed agent's host name as the log keeps it. */
export const FIREWALL_SIGNED_AGENT_HOST = /^[a-z0-9.-]{1,253}$|^\[[0-9a-f:.]{2,45}\]$/;
/** Entries in one page of history. */
export const FIREWALL_ACCESS_PAGE = 50;

/** What the firewall did: proxied, refused with the block page, redirected, rate limited. */
export const FIREWALL_ACCESS_ACTIONS = ['allow', 'block', 'redirect', 'limit'] as const;
export type FirewallAccessAction = (typeof FIREWALL_ACCESS_ACTIONS)[number];

export const firewallAccessMessages = {
  ip: 'Enter an IP address, like 203.0.113.7.',
  reference: 'A reference has ten letters and digits, like 1KQ7M-2X9DA.',
  country: 'Choose a country by its two-letter code, like DE.',
  status: 'Enter an HTTP status from 100 to 599.',
  cursor: 'The page cursor is not valid.',
  blocked: 'Blocked only must be true or false.',
  stream: 'This address answers server-sent events: send Accept: text/event-stream.',
  tooManyStreams: 'Too many live logs are open for this shop. Close one and try again.',
};
const m = firewallAccessMessages;

/** One request as a firewall reports it. */
export const firewallAccessRecord = z.object({
  shopId: z.uuid(),
  /** Epoch milliseconds when the request arrived. */
  time: z.number().int().min(0).max(8.64e15),
  ip: z.string().refine(isIp),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  asn: z.number().int().min(0).max(4_294_967_295).nullable(),
  method: z.string().regex(/^[A-Z]{1,16}$/),
  url: z.string().min(1).max(FIREWALL_ACCESS_URL_MAX),
  status: z.number().int().min(100).max(599),
  action: z.enum(FIREWALL_ACCESS_ACTIONS),
  /** The engine rule kind that decided, or null. */
  rule: z
    .string()
    .regex(/^[a-z][a-z-]{0,63}$/)
    .nullable(),
  bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  durationMs: z.number().min(0).max(86_400_000),
  /**
   * The host of the agent whose request signature the firewall verified (Web Bot Auth), like
   * chatgpt.com; null or absent for an unsigned request.
   */
  signedAgent: z.string().regex(FIREWALL_SIGNED_AGENT_HOST).nullable().optional(),
});
export type FirewallAccessRecord = z.infer<typeof firewallAccessRecord>;

export const firewallAccessBatch = z.object({
  entries: z.array(firewallAccessRecord).min(1).max(FIREWALL_ACCESS_BATCH_MAX),
});
export type FirewallAccessBatch = z.infer<typeof firewallAccessBatch>;

/** One request as the merchant sees it. */
export const firewallAccessEntry = z.object({
  id: z.string(),
  time: z.string(),
  ip: z.string(),
  country: z.string().nullable(),
  asn: z.number().nullable(),
  method: z.string(),
  url: z.string(),
  status: z.number(),
  action: z.enum(FIREWALL_ACCESS_ACTIONS),
  /** The rule's name as the merchant knows it ("Country Blocker"), or null. */
  rule: z.string().nullable(),
  bytes: z.number(),
  durationMs: z.number(),
  /** The verified signed agent's host, or null for an unsigned request. */
  signedAgent: z.string().nullable(),
});
export type FirewallAccessEntry = z.infer<typeof firewallAccessEntry>;

/** The filters of the history and of the live tail (query strings). */
export const firewallAccessFilters = z.object({
  ip: z
    .string({ error: m.ip })
    .trim()
    .max(64, m.ip)
    .refine((text) => text === '' || isIp(text), m.ip)
    .optional(),
  /** A blocked shopper's reference, typed any way: the request blocked at the time it names. */
  ref: z
    .string({ error: m.reference })
    .max(40, m.reference)
    .refine((text) => text === '' || isVisitReference(text), m.reference)
    .optional(),
  country: z
    .string({ error: m.country })
    .trim()
    .toUpperCase()
    .refine((text) => text === '' || /^[A-Z]{2}$/.test(text), m.country)
    .optional(),
  status: z
    .string({ error: m.status })
    .trim()
    .refine((text) => text === '' || /^[1-5]\d\d$/.test(text), m.status)
    .optional(),
  blocked: z.enum(['true', 'false'], { error: m.blocked }).optional(),
});
export type FirewallAccessFilters = z.infer<typeof firewallAccessFilters>;

const cursor = z.string({ error: m.cursor }).regex(/^\d{1,18}$/, m.cursor);

export const firewallAccessPageRequest = firewallAccessFilters
  .extend({ before: cursor.optional() })
  .strict();
/**
 * `after`: the newest entry the live tail already sent (a tail opened again); `from`: the
 * `tail` of the history page the caller shows (a tail opened after reading history). With
 * both, the tail starts at the earlier of the two.
 */
export const firewallAccessStreamRequest = firewallAccessFilters
  .extend({ after: cursor.optional(), from: cursor.optional() })
  .strict();

export const firewallAccessPage = z.object({
  entries: z.array(firewallAccessEntry),
  /** The cursor of the next (older) page, or null at the end. */
  next: z.string().nullable(),
  /**
   * Where a live tail opened after this page starts (its `from`): every entry that could not
   * be seen yet when the page was read is sent, none is missed.
   */
  tail: z.string(),
});
export type FirewallAccessPage = z.infer<typeof firewallAccessPage>;

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const firewallAccessLogApi = {
  getFirewallAccessLog: call({
    method: 'GET',
    path: '/api/fwAccessLog/get',
    feature: 'firewall',
    request: firewallAccessPageRequest,
    response: firewallAccessPage,
  }),
};
