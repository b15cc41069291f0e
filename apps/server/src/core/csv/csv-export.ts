// CSV export of a list: `GET <path>` with the merchant's bearer token answers the list as a
// `text/csv` attachment, written row by row as it is read, never cached. A list that is a paid
// feature answers 403 on a plan without it.
import type { Feature } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Shop } from '../db/schema.js';
import { assertCleanRequest } from '../http/route.js';
import { requireFeature } from '../plan-gates.js';
import { shopOfSession } from '../shops.js';
import { csvRow } from './csv.js';
import { Readable } from 'node:stream';

export type CsvValue = string | number | null;

export function registerCsvExport(
  app: FastifyInstance,
  spec: {
    path: string;
    fileName: string;
    columns: readonly string[];
    feature?: Feature;
    /** The shop's entries as rows of `columns`. */
    rows: (shop: Shop) => AsyncIterable<CsvValue[]>;
  },
): void {
  app.get(spec.path, async (request, reply) => {
    const session = await app.authenticate(request);
    assertCleanRequest(request);
    const shop = await shopOfSession(app.db, session);
    if (spec.feature) requireFeature(shop, spec.feature);
    async function* lines() {
      yield csvRow([...spec.columns]);
      for await (const row of spec.rows(shop)) yield csvRow(row);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${spec.fileName}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });
}
