// The IP block list as a target of moved entries: addresses and ranges go in as block-list
// entries with their notes, under the plan's cap and the same checks as an add (a range wider
// than an entry may be does not move); the
// references are the new entries' ids, so taking them out again leaves the merchant's own
// entries alone.
import { ipEntryScopeProblem } from '@gatehouse/contracts';
import type { ListTarget } from '../../protection/list-targets.js';
import { shopById } from '../../protection/blocker-registry.js';
import { deleteListEntries } from '../../protection/entry-delete.js';
import { checkRules, enforceCap, insertEntries, ipEntryList, loadIpRows } from './ip-lists.js';

export const ipBlockListTarget: ListTarget = {
  kind: 'ip',
  label: 'IP Blocker (block list)',
  page: '/ipBlocker',
  async plan(db, shop, values) {
    const listed = new Set(
      (await loadIpRows(db, shop.id)).filter((r) => r.list === 'block').map((r) => r.ip),
    );
    // An address range wider than a list entry may be stays where it is, saying why.
    const unfit = new Map<string, string>();
    for (const value of values) {
      const problem = ipEntryScopeProblem(value);
      if (problem) unfit.set(value, problem);
    }
    return { refusal: null, present: new Set(values.filter((v) => listed.has(v))), unfit };
  },
  async add(blockers, db, shop, entries) {
    if (entries.length === 0) return [];
    const state = { shop: await shopById(db, shop.id), rows: await loadIpRows(db, shop.id) };
    enforceCap(state, 'block', entries.length);
    const extra = entries.map((e) => ({ ip: e.value, expiresAt: null }));
    await checkRules(blockers, db, state, 'block', extra);
    const rows = await insertEntries(
      db,
      shop.id,
      'block',
      entries.map((e) => ({ ip: e.value, note: e.note, expiresAt: null })),
    );
    return rows.map((r) => r.id);
  },
  async remove(db, shop, refs) {
    if (refs.length > 0)
      await deleteListEntries(db, ipEntryList('block'), shop.id, { ids: [...refs] });
  },
};
