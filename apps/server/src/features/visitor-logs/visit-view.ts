// A stored visit as the visitor log shows it: device parsed from the user agent, the deciding
// and the monitored rule named as the visit recorded them when it was decided, and the
// visitor's network kinds, bot category and crawler verdict as recorded then.
import {
  visitBotCategory,
  visitCrawler,
  visitUnlisted,
  visitNetworkKinds,
  type VisitView,
} from '@gatehouse/contracts';
import type { Database } from '../../core/db/client.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import {
  decidingRuleOf,
  ruleLabeler,
  type RuleLabeler,
  type StoredRule,
} from '../../protection/rule-labels.js';
import { deviceOf } from './user-agent.js';
import type { VisitRecord } from './visit-query.js';

const monitoredRule = (v: VisitRecord): StoredRule => ({
  id: v.monitorRuleId,
  kind: v.monitorRuleKind,
  facts: v.monitorLabel === null ? null : { label: v.monitorLabel, mode: v.monitorMode },
});

export function toVisitView(v: VisitRecord, labels: RuleLabeler): VisitView {
  return {
    id: v.id,
    time: v.time.toISOString(),
    ip: v.ip,
    country: v.country,
    region: v.region,
    city: v.city,
    asn: v.asn,
    org: v.org,
    url: v.url,
    referrer: v.referrer,
    userAgent: v.userAgent,
    device: deviceOf(v.userAgent),
    action: v.action,
    rule: labels.rule(decidingRuleOf(v)),
    monitor: v.monitor ? labels.monitor(monitoredRule(v), v.monitorAction) : null,
    network: visitNetworkKinds(v.netFlags),
    // A category this build does not know (written by a newer one) reads as none.
    botCategory: visitBotCategory.safeParse(v.botCategory).data ?? null,
    crawler: visitCrawler(v.netFlags),
    notEnforced: visitUnlisted(v.netFlags),
  };
}

export async function toVisitViews(
  blockers: BlockerRegistry,
  db: Database,
  shopId: string,
  visits: VisitRecord[],
): Promise<VisitView[]> {
  const labels = await ruleLabeler(
    blockers,
    db,
    shopId,
    visits.flatMap((v) => [decidingRuleOf(v), monitoredRule(v)]),
  );
  return visits.map((v) => toVisitView(v, labels));
}
