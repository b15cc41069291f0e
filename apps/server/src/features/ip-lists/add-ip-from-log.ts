// The visitor log's "block IP" and "allow IP" actions: the address goes into the list through
// the same canonical form, compile check and plan cap as an add on the list's page. An order
// action that blocks a buyer's IP goes the same way, its entry noted with the order it came from.
import { visitorLogMessages as m, type QuickActionResult } from '@gatehouse/contracts';
import type { Database } from '../../core/db/client.js';
import type { IpListKind } from '../../protection/protection-schema.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import type { QuickActionHandler } from '../../protection/blocker.js';
import { canonicalIp, checkRules, enforceCap, insertEntries, loadIpRows } from './ip-lists.js';

const LIST_NAMES = { block: 'IP block list', allow: 'IP allow list' } as const;

async function addIpFromLog(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  kind: IpListKind,
  value: string,
  note = 'Added from the visitor log',
): Promise<QuickActionResult> {
  const ip = canonicalIp(value);
  if (ip === null || ip.includes('/')) throw badRequest(m.quickValueIp);
  const state = { shop, rows: await loadIpRows(db, shop.id) };
  if (state.rows.some((r) => r.list === kind && r.ip === ip)) {
    return { changed: false, message: `${ip} is already in the ${LIST_NAMES[kind]}.` };
  }
  await checkRules(blockers, db, state, kind, [{ ip, expiresAt: null }]);
  enforceCap(state, kind, 1);
  await insertEntries(db, shop.id, kind, [{ ip, note, expiresAt: null }]);
  return { changed: true, message: `${ip} was added to the ${LIST_NAMES[kind]}.` };
}

export const blockIpFromLog: QuickActionHandler = (blockers, db, shop, value, note) =>
  addIpFromLog(blockers, db, shop, 'block', value, note);

export const allowIpFromLog: QuickActionHandler = (blockers, db, shop, value, note) =>
  addIpFromLog(blockers, db, shop, 'allow', value, note);
