// The visitor log's "block referrer" action: the referring site's domain goes into the Referrer
// Blocker through the same checks as an add (a paid feature: 403 on a plan without it).
import { readReferrerEntry, type QuickActionResult } from '@gatehouse/contracts';
import type { Database } from '../../db/client.js';
import type { Shop } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { requireFeature } from '../../plan-gates.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { addReferrerEntries, loadReferrerState } from './referrer-list.js';

export async function blockReferrerFromLog(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  value: string,
): Promise<QuickActionResult> {
  const read = readReferrerEntry(value);
  if ('error' in read) throw badRequest(read.error);
  requireFeature(shop, 'referrerBlocker');
  const { domain } = read;
  const state = await loadReferrerState(db, shop);
  const { added } = await addReferrerEntries(
    blockers,
    db,
    shop,
    state,
    [domain],
    'Added from the visitor log',
  );
  return added.length === 0
    ? { changed: false, message: `${domain} is already blocked by the Referrer Blocker.` }
    : { changed: true, message: `${domain} was added to the Referrer Blocker.` };
}
