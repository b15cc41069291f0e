// The cost of a rule before it is saved: a blocker page sends the change being edited (the
// body one of its calls would send, e.g. saveCountryBlocker's settings or addIpBlocker's
// entry) and the server replays the shop's stored visits of the last 7 days through the rules
// as they would be after that call. The answer counts the visits the change would have blocked
// and let in, gives a few examples and the visitor-log filters that show them, and names what
// the merchant must confirm first: their own address or country, or a verified search-engine
// crawler seen in those days.
import { z } from 'zod';
import type { ApiCall } from './api.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const ruleCostMessages = {
  call: 'Name the change to replay: the call that would save it, like saveCountryBlocker.',
  unknownCall: 'That change cannot be replayed: name a blocker’s save or add call.',
  draft: 'Send the change to replay as the body its call takes.',
  superseded:
    'A newer change of this store is being replayed in place of this one. Wait for its answer, or ask again.',
  left: 'The request was closed before the replay ended.',
  /** What turning off the pass for verified search engines does, before its count. */
  searchEnginePass:
    'Verified search engines would no longer always get in: your country, ISP/ASN, VPN and bot rules would stop their crawlers like any visitor.',
  /** Said after it when the visits could not be replayed. */
  searchEnginePassUncounted:
    'How many of their visits that would have blocked could not be counted just now.',
} as const;

/** Days of visits replayed. */
export const RULE_COST_DAYS = 7;
/** Visits replayed at most (the newest). */
export const RULE_COST_MAX_VISITS = 200_000;

export const ruleCostRequest = z.object({
  /** The call that would save the change: its name in `api` (saveCountryBlocker, addIpBlocker…). */
  call: z.string({ error: ruleCostMessages.call }).min(1, ruleCostMessages.call).max(60),
  /** The body that call would be sent; checked by the call's own request schema. */
  draft: z.unknown().refine((v) => v !== undefined, ruleCostMessages.draft),
});
export type RuleCostRequest = z.input<typeof ruleCostRequest>;

export const visitTally = z.object({
  visits: z.number().int().min(0),
  /** Distinct visitor addresses. */
  visitors: z.number().int().min(0),
});
export type VisitTally = z.infer<typeof visitTally>;

export const ruleCostExample = z.object({
  time: z.string(),
  ip: z.string(),
  country: z.string().nullable(),
  url: z.string(),
});
export type RuleCostExample = z.infer<typeof ruleCostExample>;

export const ruleCostConfirmation = z.object({
  /** searchEngines: the change turns off "Always let verified search engines in". */
  reason: z.enum(['ownAddress', 'ownCountry', 'crawler', 'searchEngines']),
  /** What the change would block, in a sentence for the confirmation dialog. */
  message: z.string(),
});
export type RuleCostConfirmation = z.infer<typeof ruleCostConfirmation>;

export const ruleCostResult = z.object({
  /** The replayed window: ISO times, oldest visit considered to the replay's start. */
  from: z.string(),
  to: z.string(),
  /** Visits replayed. */
  replayed: z.number().int().min(0),
  /**
   * Null when every visit of the last 7 days was replayed; `visits` when only the newest
   * RULE_COST_MAX_VISITS were, `time` when the replay stopped at its time budget (from then
   * holds the oldest visit replayed).
   */
  bounded: z.enum(['visits', 'time']).nullable(),
  /** Visits the rules in force let in that the change would block or redirect. */
  blocked: visitTally,
  /** Visits the rules in force block or redirect that the change would let in. */
  released: visitTally,
  /** Visits this blocker's rules would block or redirect once changed (new or not). */
  total: visitTally,
  /** Visits this blocker's rules would record as "would block" in monitor mode. */
  monitored: visitTally,
  /** A few of the visits the change would block, newest first. */
  examples: z.array(ruleCostExample),
  /**
   * Visitor-log filters (its address-bar parameters: range, action, ip, asn, country) that
   * show the visits the change would block: the last 7 days, the visits let in, and the one
   * address, network or country they all share when they do.
   */
  logFilters: z.record(z.string(), z.string()),
  /** What the merchant must confirm before the change is saved; empty when nothing. */
  confirm: z.array(ruleCostConfirmation),
});
export type RuleCostResult = z.infer<typeof ruleCostResult>;

export const ruleCostApi = {
  replayRuleCost: call({
    method: 'POST',
    path: '/api/ruleCost/replay',
    request: ruleCostRequest,
    response: ruleCostResult,
  }),
} as const;
