// POST /api/ruleCost/replay: the cost of a change before it is saved. The change is a draft of
// one blocker call (its name and the body it would send, checked by that call's own schema and
// plan feature); the blocker that owns the call turns it into its rules, the shop's other
// rules stay as they are, and the shop's visits of the last 7 days (the newest 200 000 at
// most, and no more than the time budget allows) are replayed through both rule sets. A draft
// the call would refuse, or one the engine cannot compile, answers that call's 400. A shop
// replays one draft at a time (replay-turns.ts), and a replay whose caller has closed the
// request stops.
import {
  api,
  RULE_COST_DAYS,
  RULE_COST_MAX_VISITS,
  ruleCostMessages as m,
  type CallName,
  type RuleCostRequest,
  type RuleCostResult,
} from '@gatehouse/contracts';
import { UNKNOWN_FACTS, type RuleSet } from '@gatehouse/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, clientClosed } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { requireFeature } from '../../core/plan-gates.js';
import { compileOrThrow } from '../../protection/blocker-registry.js';
import type { RequestSession } from '../../core/sessions/sessions.js';
import { shopOfSession } from '../../core/shops.js';
import { confirmations } from './confirmations.js';
import { replayVisits, type ReplayOutcome } from './replay.js';
import { createReplayTurns } from './replay-turns.js';
import { visitBatches } from './visit-batches.js';

const DAY_MS = 86_400_000;

/** The rule set lets verified search engines past the other rules. */
const passesSearchEngines = (set: RuleSet) => set.rules.some((r) => r.kind === 'verified-crawler');

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
  const turns = createReplayTurns(m.superseded);

  route(app, api.replayRuleCost, async (input, { session, request, reply }) => {
    // The caller has gone when the answer's connection closes before it was written.
    const caller = new AbortController();
    const leave = () => {
      if (!reply.raw.writableFinished) caller.abort(clientClosed(m.left));
    };
    reply.raw.once('close', leave);
    try {
      return await answer(input, session, request, caller.signal);
    } catch (error) {
      // Nobody reads the answer of a closed request; the reason says why there was none.
      throw caller.signal.aborted ? caller.signal.reason : error;
    } finally {
      reply.raw.off('close', leave);
    }
  });

  async function answer(
    input: RuleCostRequest,
    session: RequestSession,
    request: FastifyRequest,
    signal: AbortSignal,
  ): Promise<RuleCostResult> {
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

    const { now, since, outcome } = await turns.run(shop.id, signal, async () => {
      // The budget counts from the replay's turn, not from the wait for it.
      const started = performance.now();
      const now = Date.now();
      const since = new Date(now - RULE_COST_DAYS * DAY_MS);
      request.log.debug({ shopId: shop.id, call: input.call }, 'rule-cost replay started');
      const outcome = await replayVisits(visitBatches(app.db, shop.id, since, maxVisits), {
        current: currentPolicy,
        draft: draftPolicy,
        geo,
        kinds: new Set(Object.keys(owner.blocker.ruleKinds)),
        now,
        deadline: started + budgetMs,
        signal,
      });
      const { replayed, outOfTime, cancelled } = outcome;
      const ms = Math.round(performance.now() - started);
      request.log.info(
        { shopId: shop.id, replayed, outOfTime, cancelled, ms },
        cancelled ? 'rule-cost replay stopped: the request was closed' : 'rule-cost replay ended',
      );
      return { now, since, outcome };
    });
    if (outcome.cancelled) throw signal.reason;
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
        passesSearchEngines(currentSet) && !passesSearchEngines(draftSet),
      ),
    };
    return result;
  }
}
