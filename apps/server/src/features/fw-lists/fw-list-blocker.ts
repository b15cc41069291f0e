// The firewall's Referrer Blocker (/fw-referrerBlocker) and ISP/ASN Blocker (/fw-asnBlocker):
// one blocker per list, built from the list's description, each entry one engine rule of the
// storefront's own kind (`referrer`, `asn`), so the engine's matchers decide them as they do
// on the storefront; switched off on a plan without the Firewall. Their calls list, add (after
// compiling the firewall's rules with the new entry), delete (the entries picked, or every
// entry a search matches, through the shared entry delete), and save the list's action and
// monitor mode. Their entries are kept and turned into rules by the list-blocker kit's store.
// Firewalls pick changes up with their next read of the snapshot.
import { api, asnEntryLabel, FW_LISTS, type FwList, type FwListView } from '@gatehouse/contracts';
import { normalizeIspName } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Shop } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import type { Blocker, RuleLabel } from '../../protection/blocker.js';
import { shopById } from '../../protection/blocker-registry.js';
import { deleteListEntries } from '../../protection/entry-delete.js';
import {
  blockerSettingsView,
  saveBlockerSettings,
  settingsFromInput,
} from '../../protection/blocker-settings.js';
import { listStore } from '../../protection/list-blocker-store.js';
import { fwListRules } from './fw-lists-schema.js';

interface ListSpec {
  list: FwList;
  name: string;
  label: string;
  page: string;
  calls: 'FwReferrerBlocker' | 'FwAsnBlocker';
}

/** The entry as stored (value, key) and as the engine applies it, from what the merchant typed. */
function readEntry(list: FwList, text: string) {
  if (list === 'referrer') {
    const read = FW_LISTS.referrer.read(text);
    if ('error' in read) return read;
    return { value: read.domain, key: read.domain, match: { domains: [read.domain] } };
  }
  const read = FW_LISTS.asn.read(text);
  if ('error' in read) return read;
  if ('asn' in read) {
    const value = asnEntryLabel({ asn: read.asn, name: null });
    return { value, key: `as:${read.asn}`, match: { asns: [read.asn] } };
  }
  const words = normalizeIspName(read.name);
  if (words === null) return { error: 'An ISP name needs letters or digits.' };
  return { value: read.name, key: `isp:${words}`, match: { names: [read.name] } };
}

export function createFwListBlocker(spec: ListSpec): Blocker {
  const { list, name } = spec;
  const kind = list === 'referrer' ? 'referrer' : 'asn';
  const read = (value: string) => readEntry(list, value);
  const store = listStore({
    name,
    ruleKind: kind,
    feature: 'firewall',
    limit: FW_LISTS[list].limit,
    cap: 'The list is full. Remove some entries to add more.',
    table: fwListRules,
    value: { column: fwListRules.value, key: 'value' },
    scope: { column: fwListRules.list, key: 'list', name: list },
    key: {
      column: fwListRules.key,
      key: 'key',
      of: (value) => {
        const entry = read(value);
        return 'error' in entry ? value : entry.key;
      },
    },
    match: (value) => {
      const entry = read(value);
      return 'error' in entry ? null : entry.match;
    },
  });

  async function view(db: Database, shop: Shop): Promise<FwListView> {
    const [state, rows] = await Promise.all([store.load(db, shop), store.newestFirst(db, shop.id)]);
    return {
      ...blockerSettingsView(state.settings),
      entries: rows.map((r) => ({
        id: r.id,
        value: r.value,
        note: r.note,
        hits: r.hits,
        lastHitAt: r.lastHitAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
      limit: FW_LISTS[list].limit,
    };
  }

  async function routes(app: FastifyInstance) {
    const mutates = { mutates: true };
    route(app, api[`get${spec.calls}`], async (_input, { session }) =>
      view(app.db, await shopById(app.db, session.shopId)),
    );
    route(
      app,
      api[`save${spec.calls}`],
      async (input, { session }) => {
        const shop = await shopById(app.db, session.shopId);
        const settings = settingsFromInput(input);
        const state = await store.load(app.db, shop);
        await app.firewallBlockers.check(app.db, shop, {
          blocker: name,
          rules: store.rules({ ...state, settings }),
        });
        await saveBlockerSettings(app.db, shop.id, name, settings);
        await app.protection.changed(shop.id);
        return view(app.db, shop);
      },
      mutates,
    );
    route(
      app,
      api[`add${spec.calls}`],
      async (input, { session }) => {
        const entry = read(input.value);
        if ('error' in entry) throw badRequest(entry.error);
        const shop = await shopById(app.db, session.shopId);
        const state = await store.load(app.db, shop);
        if (store.fresh(state, [entry.value]).length === 0) {
          throw badRequest('That entry is already in the list.');
        }
        await store.checkAdd(app.firewallBlockers, app.db, shop, state, [entry.value]);
        await store.insert(app.db, shop.id, [{ value: entry.value, note: input.note }]);
        await app.protection.changed(shop.id);
        return view(app.db, shop);
      },
      mutates,
    );
    route(
      app,
      api[`delete${spec.calls}`],
      async (request, { session }) => {
        const deleted = await deleteListEntries(app.db, store.entryList, session.shopId, request);
        if (deleted > 0) await app.protection.changed(session.shopId);
        return { deleted };
      },
      mutates,
    );
  }

  return {
    name,
    ruleKinds: { [kind]: { label: spec.label, page: spec.page } },
    entryHits: fwListRules,
    describeRule(rule) {
      // The entry as the merchant typed it: a referrer domain, an AS number or an ISP name.
      const value =
        rule.kind === 'referrer'
          ? rule.domains[0]
          : rule.kind === 'asn'
            ? rule.asns?.[0] !== undefined
              ? `AS${rule.asns[0]}`
              : rule.names?.[0]
            : undefined;
      return { label: value ? `${spec.label}: ${value}` : spec.label, mode: null };
    },
    loadRules: async (db, shop) => store.rules(await store.load(db, shop)),
    async labelRules(db, shopId, ids) {
      const rows = await store.valuesOf(db, shopId, ids);
      return new Map(
        rows.map((r): [string, RuleLabel] => [r.id, { kind, label: `${spec.label}: ${r.value}` }]),
      );
    },
    routes,
  };
}

export const fwReferrerBlocker = createFwListBlocker({
  list: 'referrer',
  name: 'fw-referrer-blocker',
  label: 'Firewall Referrer Blocker',
  page: '/fw-referrerBlocker',
  calls: 'FwReferrerBlocker',
});

export const fwAsnBlocker = createFwListBlocker({
  list: 'asn',
  name: 'fw-asn-blocker',
  label: 'Firewall ISP/ASN Blocker',
  page: '/fw-asnBlocker',
  calls: 'FwAsnBlocker',
});
