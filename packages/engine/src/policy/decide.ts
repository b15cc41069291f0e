// decide(policy, visit, geo): the storefront decision. Total: it never throws, whatever it is
// given; anything it cannot make sense of allows the visitor (the store fails open). Pass the
// visit's precomputed geo facts (the server looks geo up once per visit) or a geo lookup.
import { parseIpInto } from '../ip/ip-address.js';
import { UNKNOWN_FACTS, type GeoFacts, type GeoLookup } from '../geo/geo-facts.js';
import {
  ADMIN_ACCESS,
  APP_DISABLED,
  type DecideContext,
  type Decision,
  type Policy,
  type Visit,
} from './policy.js';

import { crawlerOf } from '../matchers/crawler-of.js';

const words = new Uint32Array(4);

function resolveFacts(visit: Visit, geo: GeoFacts | GeoLookup | null | undefined): GeoFacts {
  if (geo === null || typeof geo !== 'object') return UNKNOWN_FACTS;
  if (typeof (geo as GeoLookup).lookup === 'function') {
    return typeof visit.ip === 'string' ? (geo as GeoLookup).lookup(visit.ip) : UNKNOWN_FACTS;
  }
  return geo as GeoFacts;
}

function evaluate(policy: Policy, visit: Visit, facts: GeoFacts): Decision {
  if (!policy.appEnabled) return { action: 'allow', rule: APP_DISABLED, facts };
  if (visit.adminDevice === true) return { action: 'allow', rule: ADMIN_ACCESS, facts };
  const context: DecideContext = {
    visit,
    version: typeof visit.ip === 'string' ? parseIpInto(visit.ip, words) : 0,
    words,
    facts,
    path: null,
    now: NaN,
    monitor: null,
    crawler: undefined,
    redirect: null,
    unlisted: 0,
  };
  const matchers = policy.matchers;
  const signed = visit.signedAgent !== undefined;
  for (let i = 0; i < matchers.length; i++) {
    if (signed && policy.skipsSignedAgents[i] === true) continue;
    const rule = matchers[i]!.evaluate(context);
    if (rule === null) continue;
    const decision: Decision = { action: rule.action, rule: rule.ref, facts };
    if (rule.redirectUrl !== undefined) decision.redirectUrl = rule.redirectUrl;
    if (context.redirect !== null) {
      decision.action = 'redirect';
      decision.redirectUrl = context.redirect.url;
      if (context.redirect.prompt !== null) decision.prompt = context.redirect.prompt;
    }
    if (context.monitor !== null) decision.monitor = context.monitor;
    const crawler = crawlerOf(context);
    if (crawler !== null) decision.crawler = crawler;
    if (context.unlisted !== 0) decision.unlisted = context.unlisted;
    return decision;
  }
  const allowed: Decision = { action: 'allow', rule: null, facts };
  if (context.monitor !== null) allowed.monitor = context.monitor;
  const crawler = crawlerOf(context);
  if (crawler !== null) allowed.crawler = crawler;
  if (context.unlisted !== 0) allowed.unlisted = context.unlisted;
  return allowed;
}

export function decide(policy: Policy, visit: Visit, geo?: GeoFacts | GeoLookup | null): Decision {
  let facts: GeoFacts = UNKNOWN_FACTS;
  try {
    if (visit === null || typeof visit !== 'object') return { action: 'allow', rule: null, facts };
    facts = resolveFacts(visit, geo);
    return evaluate(policy, visit, facts);
  } catch {
    return { action: 'allow', rule: null, facts };
  }
}
