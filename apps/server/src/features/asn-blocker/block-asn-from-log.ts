// The visitor log's "block ASN" action: the AS number goes into the ISP/ASN Blocker through the
// same checks as an add (a paid feature: 403 on a plan without it).
import { visitorLogMessages as m, type QuickActionResult } from '@gatehouse/contracts';
import { parseAsn } from '@gatehouse/engine';
import type { Database } from '../../db/client.js';
import type { Shop } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { requireFeature } from '../../plan-gates.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { addAsnEntry, findSameEntry, loadAsnState } from './asn-list.js';

export async function blockAsnFromLog(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  value: string,
): Promise<QuickActionResult> {
  const asn = parseAsn(value);
  if (asn === null) throw badRequest(m.quickValueAsn);
  requireFeature(shop, 'asnBlocker');
  const state = await loadAsnState(db, shop);
  const already = `AS${asn} is already blocked by the ISP/ASN Blocker.`;
  if (findSameEntry(state, { asn })) return { changed: false, message: already };
  const row = await addAsnEntry(blockers, db, shop, state, { asn }, 'Added from the visitor log');
  if (row === null) return { changed: false, message: already };
  return { changed: true, message: `AS${asn} was added to the ISP/ASN Blocker.` };
}
