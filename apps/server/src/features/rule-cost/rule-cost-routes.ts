// POST /api/ruleCost/replay: the cost of a change before it is saved. The change is a draft of
// one blocker call (its name and the body it would send, checked by that call's own schema and
// plan feature); the blocker that owns the call turns it into its rules, the shop's other
// rules stay as they are, and the shop's visits of the last 7 days (the newest 200 000 at
// most, and no more than the time budget allows) are replayed through both rule sets. A draft
// the call would refuse, or one the engine cannot compile, answers that call's 400.
import {
  api,
  RULE_COST_DAYS,
  RULE_COST_MAX_VISITS,
  ruleCostMessages as m,
  type CallName,
  type RuleCostResult,
} from '@gatehouse/contracts';
import { UNKNOWN_FACTS } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { requireFeature } from '../../plan-gates.js';
import { compileOrThrow } from '../../protection/blocker-registry.js';
import { shopOfSession } from '../../shops.js';
import { confirmations } from './confirmations.js';
import { replayVisits, type ReplayOutcome } from './replay.js';
import { visitBatches } from './visit-batches.js';

const DAY_MS = 86_400_000;

export interface RuleCostOptions {
  /** How long the replay may read and decide visits before it answers with what it has. */
  budgetMs?: number;
  /** Visits replayed at most. */
  maxVisits?: number;
}

/** The visitor-log filters that show the newly blocked visits. */
function logFilters(outcome: ReplayOutcome): Record<string, string> {
  const { ip, asn, country } = outcome.shared;
  const filters: Record<string, string> = { range: '7d' };
  if (outcome.blocked.visits === 0) return filters;
  // The visits the change would block are let in today.
  filters.action = 'allow';
  if (ip) filters.ip = ip;
  else if (asn !== undefined) filters.asn = String(asn);
  else if (country) filters.country = country;
  return filters;
}

export async function ruleCostRoutes(
  app: FastifyInstance,
  options: RuleCostOptions = {},
): Promise<void> {
  const budgetMs = options.budgetMs ?? 1_500;
  const maxVisits = options.maxVisits ?? RULE_COST_MAX_VISITS;

  route(app, api.replayRuleCost, async (input, { session, request }) => {
    const started = performance.now();
    const owner = Object.hasOwn(api, input.call) ? app.blockers.draft(input.call) : null;
    if (!owner) throw badRequest(m.unknownCall);
    const call = api[input.call as CallName];
    const shop = await shopOfSession(app.db, session);
    if (call.feature) requireFeature(shop, call.feature);
    const draft = call.request.parse(input.draft);
    const draftRules = await owner.rules(app.db, shop, draft);
    const [currentSet, draftSet] = await Promise.all([
      app.blockers.ruleSet(app.db, shop),
      app.blockers.ruleSet(app.db, shop, { blocker: owner.blocker.name, rules: draftRules }),
    ]);
    const draftPolicy = compileOrThrow(draftSet);
    // Stored rules always compiled when they were saved; if they no longer do, the live
    // decision allows everyone, and so does the replay's "now". Entries a stricter check now
    // refuses are left out of both, as the live decision leaves them out.
    const currentPolicy = compileOrThrow(currentSet);
    const geo = app.protection.geo.current() ?? (await app.protection.geo.ready);

    const now = Date.now();
    const since = new Date(now - RULE_COST_DAYS * DAY_MS);
    const outcome = await replayVisits(visitBatches(app.db, shop.id, since, maxVisits), {
      current: currentPolicy,
      draft: draftPolicy,
      geo,
      kinds: new Set(Object.keys(owner.blocker.ruleKinds)),
      now,
      deadline: started + budgetMs,
    });
    const byCount = outcome.replayed >= maxVisits && !outcome.outOfTime;
    const bounded = outcome.outOfTime ? 'time' : byCount ? 'visits' : null;
    const merchantIp = request.ip;
    const result: RuleCostResult = {
      from: (bounded && outcome.oldest !== null ? new Date(outcome.oldest) : since).toISOString(),
      to: new Date(now).toISOString(),
      replayed: outcome.replayed,
      bounded,
      blocked: outcome.blocked.toJSON(),
      released: outcome.released.toJSON(),
      total: outcome.total.toJSON(),
      monitored: outcome.monitored.toJSON(),
      examples: outcome.examples.map((e) => ({ ...e, time: new Date(e.time).toISOString() })),
      logFilters: logFilters(outcome),
      confirm: confirmations(
        currentPolicy,
        draftPolicy,
        {
          ip: merchantIp,
          userAgent: String(request.headers['user-agent'] ?? '').slice(0, 1024),
          facts: geo ? geo.lookup(merchantIp) : UNKNOWN_FACTS,
        },
        outcome.crawlers,
      ),
    };
    return result;
  });
}
