// A stored visit as the visitor log shows it: device parsed from the user agent, the deciding
// and the monitored rule named.
import type { VisitView } from '@gatehouse/contracts';
import type { Database } from '../../db/client.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { ruleLabeler, type RuleLabeler } from '../../protection/rule-labels.js';
import { deviceOf } from './user-agent.js';
import type { VisitRecord } from './visit-query.js';

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
    rule: labels.rule(v.ruleId, v.ruleKind),
    monitor: v.monitor ? labels.monitor(v.monitorRuleId) : null,
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
    visits.flatMap((v) => [v.ruleId, v.monitorRuleId]),
  );
  return visits.map((v) => toVisitView(v, labels));
}
