// The IP lists' rules after a draft of an add (one address or range, with its expiry), for the
// replay before it is saved: the stored entries of both lists and the new one last, as the add
// would store it.
import type { IpListId, RequestOf } from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import type { BlockerDrafts } from '../../protection/blocker.js';
import { ipRule, kindOf, loadIpRows } from './ip-lists.js';

function addDraft(list: IpListId) {
  return async (db: Database, shop: Shop, input: RequestOf<'addIpBlocker'>): Promise<Rule[]> => {
    const rows = await loadIpRows(db, shop.id);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    rows.push({ id: 'draft-entry', list: kindOf(list), ip: input.ip.trim(), expiresAt });
    return rows.map(ipRule);
  };
}

export const ipListDrafts: BlockerDrafts = {
  addIpBlocker: addDraft('ipBlocker'),
  addWhiteLists: addDraft('whiteLists'),
};
