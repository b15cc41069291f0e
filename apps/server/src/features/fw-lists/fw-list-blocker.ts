// The firewall's Referrer Blocker (/fw-referrerBlocker) and ISP/ASN Blocker (/fw-asnBlocker):
// one blocker per list, built from the list's description, each entry one engine rule of the
// storefront's own kind (`referrer`, `asn`), so the engine's matchers decide them as they do
// on the storefront; switched off on a plan without the Firewall. Their calls list, add (after
// compiling the firewall's rules with the new entry), delete (the entries picked, or every
// entry a search matches, through the shared entry delete), and save the list's action and
// monitor mode. Firewalls pick changes up with their next read of the snapshot.
import {
  api,
  asnEntryLabel,
  FW_LISTS,
  planIncludes,
  type FwList,
  type FwListView,
} from '@gatehouse/contracts';
import { normalizeIspName, type Rule } from '@gatehouse/engine';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Shop } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { shopById } from '../../protection/blocker-registry.js';
import { containsText, deleteListEntries, type EntryList } from '../../protection/entry-delete.js';
import {
  actionOf,
  blockerSettingsView,
  loadBlockerSettings,
  saveBlockerSettings,
  settingsFromInput,
  type BlockerSettings,
} from '../../protection/blocker-settings.js';
import { fwListRules } from './fw-lists-schema.js';
import { readAll } from '../../db/side-by-side.js';

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
  const rowsOf = (db: Database, shopId: string) =>
    db
      .select()
      .from(fwListRules)
      .where(and(eq(fwListRules.shopId, shopId), eq(fwListRules.list, list)))
      .orderBy(asc(fwListRules.createdAt), asc(fwListRules.id));

  /** The list's entries for the shared entry delete: searched by value and note. */
  const entries: EntryList = {
    table: fwListRules,
    id: fwListRules.id,
    owner: (shopId) => and(eq(fwListRules.shopId, shopId), eq(fwListRules.list, list)),
    search: (text) =>
      or(containsText(fwListRules.value, text), containsText(fwListRules.note, text)),
  };

  function rulesOf(rows: { id: string; value: string }[], settings: BlockerSettings, shop: Shop) {
    const enforced = planIncludes(shop.plan, 'firewall');
    return rows.flatMap((row): Rule[] => {
      const read = readEntry(list, row.value);
      if ('error' in read) return [];
      return [
        {
          id: row.id,
          kind,
          ...read.match,
          action: actionOf(settings),
          monitor: settings.monitor,
          ...(enforced ? {} : { enabled: false }),
        } as Rule,
      ];
    });
  }

  async function view(db: Database, shop: Shop): Promise<FwListView> {
    const [rows, settings] = await readAll(
      db,
      () => rowsOf(db, shop.id),
      () => loadBlockerSettings(db, shop.id, name),
    );
    return {
      ...blockerSettingsView(settings),
      entries: rows.reverse().map((r) => ({
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
        await app.firewallBlockers.check(app.db, shop, {
          blocker: name,
          rules: rulesOf(await rowsOf(app.db, shop.id), settings, shop),
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
        const read = readEntry(list, input.value);
        if ('error' in read) throw badRequest(read.error);
        const shop = await shopById(app.db, session.shopId);
        const [rows, settings] = await Promise.all([
          rowsOf(app.db, shop.id),
          loadBlockerSettings(app.db, shop.id, name),
        ]);
        if (rows.some((r) => r.key === read.key)) {
          throw badRequest('That entry is already in the list.');
        }
        if (rows.length >= FW_LISTS[list].limit) {
          throw badRequest('The list is full. Remove some entries to add more.');
        }
        await app.firewallBlockers.check(app.db, shop, {
          blocker: name,
          rules: rulesOf([...rows, { id: 'new-entry', value: read.value }], settings, shop),
        });
        await app.db
          .insert(fwListRules)
          .values({ shopId: shop.id, list, value: read.value, key: read.key, note: input.note })
          .onConflictDoNothing();
        await app.protection.changed(shop.id);
        return view(app.db, shop);
      },
      mutates,
    );
    route(
      app,
      api[`delete${spec.calls}`],
      async (request, { session }) => {
        const deleted = await deleteListEntries(app.db, entries, session.shopId, request);
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
    async loadRules(db, shop) {
      const [rows, settings] = await readAll(
        db,
        () => rowsOf(db, shop.id),
        () => loadBlockerSettings(db, shop.id, name),
      );
      return rulesOf(rows, settings, shop);
    },
    async labelRules(db, shopId, ids) {
      const uuids = entryIds(ids);
      if (uuids.length === 0) return new Map();
      const rows = await db
        .select({ id: fwListRules.id, value: fwListRules.value })
        .from(fwListRules)
        .where(
          and(
            eq(fwListRules.shopId, shopId),
            eq(fwListRules.list, list),
            inArray(fwListRules.id, uuids),
          ),
        );
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
