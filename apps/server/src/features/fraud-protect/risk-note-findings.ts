// Gathers what Gatehouse knows about an order for its risk note: the network its browser IP
// belongs to (from the geo data and the address feeds), whether the store's storefront rules
// block a visit from that IP (decided from the stored rules, as the IP lookup decides, so a
// rule saved a moment ago counts), and the order's entries in the order-action log (what
// Fraud Protect and the auto-cancel filters decided).
import { compile, decide, networkKinds, type GeoFacts } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import type { Shop } from '../../core/db/schema.js';
import { actionsOfOrder } from '../../orders/order-actions.js';
import { ruleDescriber } from '../../protection/rule-labels.js';
import type { OrderFindings, StorefrontBlock } from './risk-note-facts.js';

/** A visit from the order's IP is decided as an ordinary browser's, to the home page. */
const ORDINARY_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function storefrontBlock(
  app: FastifyInstance,
  shop: Shop,
  ip: string,
  facts: GeoFacts,
): Promise<StorefrontBlock | null> {
  const ruleSet = await app.blockers.ruleSet(app.db, shop);
  const compiled = compile(ruleSet, { stored: true });
  if (!compiled.ok) return null;
  const decision = decide(compiled.policy, { ip, url: '/', userAgent: ORDINARY_BROWSER }, facts);
  if (decision.action !== 'block' || !decision.rule) return null;
  if (decision.rule.kind === 'ip-block') return { kind: 'ip-block' };
  if (decision.rule.kind === 'country' && facts.country) {
    return { kind: 'country', country: facts.country };
  }
  const label = ruleDescriber(app.blockers, ruleSet.rules)(decision.rule)?.label;
  return { kind: 'other', label: label ?? 'storefront protection' };
}

export async function orderFindings(
  app: FastifyInstance,
  shop: Shop,
  orderId: string,
  clientIp: string | null,
): Promise<OrderFindings> {
  const logRows = await actionsOfOrder(app.db, shop.id, orderId);
  const geo = clientIp ? await app.protection.geo.ready : null;
  if (!clientIp || !geo) return { network: [], storefrontBlock: null, logRows };
  const facts = geo.lookup(clientIp);
  return {
    network: networkKinds(facts.network),
    storefrontBlock: await storefrontBlock(app, shop, clientIp, facts),
    logRows,
  };
}
