// ISP/ASN Blocker (/asnBlocker): the list of blocked ASNs and ISP names (add, delete) and the
// action and monitor mode that apply to all of them (save). A paid feature: every call names
// `asnBlocker` in the contracts and answers 403 on a plan without it. Each change rebuilds
// the shop's policy before the answer, so the next storefront decision applies it.
import {
  api,
  maxAsnEntries,
  protectionMessages as m,
  readAsnEntry,
  type AsnBlockerView,
} from '@gatehouse/contracts';
import { normalizeRedirectUrl } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../errors.js';
import { route } from '../../../http/route.js';
import type { ProtectionServices } from '../protection-services.js';
import {
  addAsnEntry,
  asnSettingsView,
  deleteAsnEntries,
  listAsnEntries,
  saveAsnSettings,
  toAsnEntry,
} from './asn-list.js';
import { loadRulesOf } from './ip-lists.js';
import { compileOrThrow, toRuleSet } from './shop-rules.js';
import type { Database } from '../../../db/client.js';

async function view(db: Database, shopId: string): Promise<AsnBlockerView> {
  const stored = await loadRulesOf(db, shopId);
  return {
    ...asnSettingsView(stored),
    entries: await listAsnEntries(db, shopId),
    limit: maxAsnEntries,
  };
}

export function registerAsnRoutes(app: FastifyInstance, services: ProtectionServices): void {
  const mutates = { mutates: true };

  route(app, api.getAsnBlocker, async (_input, { session }) => view(app.db, session.shopId));

  route(
    app,
    api.saveAsnBlocker,
    async (input, { session }) => {
      const stored = await loadRulesOf(app.db, session.shopId);
      const settings = {
        action: input.action.type,
        redirectUrl:
          input.action.type === 'redirect'
            ? (normalizeRedirectUrl(input.action.url) ?? input.action.url)
            : null,
        monitor: input.monitor,
      };
      compileOrThrow(
        toRuleSet({
          ...stored,
          asn: { ...stored.asn, settings },
          appEnabled: !stored.shop.isAppDisabled,
        }),
      );
      await saveAsnSettings(app.db, stored.shop.id, settings);
      await services.changed(stored.shop.id);
      return view(app.db, stored.shop.id);
    },
    mutates,
  );

  route(
    app,
    api.addAsnBlocker,
    async (input, { session }) => {
      const value = readAsnEntry(input.value);
      if ('error' in value) throw badRequest(value.error);
      const stored = await loadRulesOf(app.db, session.shopId);
      const row = await addAsnEntry(app.db, stored, value, input.note);
      if (row === null) throw badRequest(m.asnDuplicate);
      await services.changed(stored.shop.id);
      return toAsnEntry(row);
    },
    mutates,
  );

  route(
    app,
    api.deleteAsnBlocker,
    async ({ ids }, { session }) => {
      const deleted = await deleteAsnEntries(app.db, session.shopId, ids);
      if (deleted > 0) await services.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );
}
