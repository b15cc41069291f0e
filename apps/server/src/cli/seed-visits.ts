// Seeds a shop's visitor log with realistic visits: `npm run seed` (the demo shop) or
// `npx tsx apps/server/src/cli/seed-visits.ts <shop> [--visits N] [--hours H]`.
// It opens the database directly, so with PGlite run it only while the server is stopped
// (PGlite allows one process per data folder); against Postgres (DATABASE_URL) any time.
// The shop must have signed in once. Visits are spread over the last H hours (default 23,
// inside the Free plan's 24-hour retention).
import { loadGeo } from '@gatehouse/engine';
import { and, eq } from 'drizzle-orm';
import { normalizeShopDomain } from '@gatehouse/contracts';
import { BLOCKERS } from '../app.js';
import { openDatabase } from '../core/db/client.js';
import { ipRules } from '../protection/protection-schema.js';
import { shops } from '../core/db/schema.js';
import { loadConfig } from '../core/env.js';
import { ensureVisitPartitions } from '../features/visitor-logs/visit-partitions.js';
import { createBlockerRegistry } from '../protection/blocker-registry.js';
import { generateVisits, type GeneratedVisit } from './visit-generator.js';
import { ingestVisits } from './visit-ingest.js';

const BATCH = 10_000;

export interface SeedArgs {
  shop: string;
  visits: number;
  hours: number;
}

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let shop: string | null = null;
  let visits = 50_000;
  let hours = 23;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--visits' || arg === '--hours') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs a whole number ≥ 1`);
      if (arg === '--visits') visits = value;
      else hours = value;
    } else if (!shop) {
      shop = arg;
    } else {
      throw new Error(`Unexpected argument: ${arg}`);
    }
  }
  if (!shop) throw new Error('Usage: seed-visits <shop> [--visits N] [--hours H]');
  const domain = normalizeShopDomain(shop);
  if (!domain) throw new Error(`"${shop}" is not a shop handle or myshopify.com domain.`);
  return { shop: domain, visits, hours };
}

async function main() {
  const args = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  const { db, kind, close } = await openDatabase(config);
  try {
    const [shop] = await db.select().from(shops).where(eq(shops.domain, args.shop));
    if (!shop) throw new Error(`${args.shop} has not installed the app yet: sign it in first.`);
    const blocked = await db
      .select({ id: ipRules.id, ip: ipRules.ip })
      .from(ipRules)
      .where(and(eq(ipRules.shopId, shop.id), eq(ipRules.list, 'block')));
    const geo = await loadGeo({ city: true });
    const counters = createBlockerRegistry(BLOCKERS);
    const to = new Date();
    const from = new Date(to.getTime() - args.hours * 3_600_000);
    // Weeks before the retention job's reach get their partitions too (else the default one).
    await ensureVisitPartitions(db, from, to);
    const started = performance.now();
    let batch: GeneratedVisit[] = [];
    const flush = async () => {
      await ingestVisits(db, kind, counters, shop.id, batch);
      batch = [];
    };
    for (const visit of generateVisits(args.visits, geo, {
      shopDomain: shop.domain,
      from,
      to,
      seed: Date.now() & 0xffff,
      blockedIps: new Map(blocked.filter((b) => !b.ip.includes('/')).map((b) => [b.ip, b.id])),
    })) {
      batch.push(visit);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Added ${args.visits} visits to ${shop.domain} in ${seconds.toFixed(1)} s (${Math.round(args.visits / seconds)} visits/s).`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
