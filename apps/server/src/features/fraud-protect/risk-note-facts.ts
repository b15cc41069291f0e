// What Gatehouse writes into an order's risk, from what it found about the order: each finding
// a fact with its sentiment, and a level no higher than the findings bear out. The merchant's
// own verdicts weigh most: the browser IP on the store's IP block list, or an auto-cancel
// filter that cancels, is HIGH. A Tor exit, a country the store blocks, another storefront
// rule that blocks the IP, or a filter that acts without cancelling is MEDIUM. A VPN, proxy or
// data-centre address, or a filter in monitor mode, is LOW: many real shoppers use them.
// What Fraud Protect did restates the platform's own rating, so it is told (neutral) and
// raises nothing. Nothing found: nothing to write.
import type { NetworkKind } from '@gatehouse/engine';
import type { OrderActionRow } from '../../orders/order-actions-schema.js';
import type { RiskNoteFact, RiskNoteLevel } from './risk-note-schema.js';

/** What the platform takes in one assessment. */
const MAX_FACTS = 20;
/** A filter's name is cut so its fact stays within the platform's 256 characters. */
const MAX_NAME = 80;

/** A storefront rule of the shop that blocks a visit from the order's browser IP. */
export type StorefrontBlock =
  { kind: 'ip-block' } | { kind: 'country'; country: string } | { kind: 'other'; label: string };

export interface OrderFindings {
  /** The kinds of network the order's browser IP belongs to (none known: empty). */
  network: readonly NetworkKind[];
  storefrontBlock: StorefrontBlock | null;
  /** The order's entries in the order-action log (Fraud Protect's and the filters'). */
  logRows: readonly Pick<
    OrderActionRow,
    'feature' | 'filterId' | 'filterName' | 'action' | 'status' | 'riskLevel' | 'error'
  >[];
}

export interface RiskNote {
  riskLevel: RiskNoteLevel;
  facts: RiskNoteFact[];
  /** Facts found beyond what one assessment takes (left out, last first). */
  dropped: number;
}

const ORDER: RiskNoteLevel[] = ['NONE', 'LOW', 'MEDIUM', 'HIGH'];

const NETWORK_FACTS: Partial<Record<NetworkKind, { text: string; level: RiskNoteLevel }>> = {
  tor: { text: 'The browser IP of the order is a Tor exit node.', level: 'MEDIUM' },
  vpn: { text: 'The browser IP of the order belongs to a VPN service.', level: 'LOW' },
  proxy: { text: 'The browser IP of the order is a proxy.', level: 'LOW' },
  hosting: {
    text: 'The browser IP of the order belongs to a data centre or cloud host, not a home or mobile network.',
    level: 'LOW',
  },
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function storefrontFact(block: StorefrontBlock): { text: string; level: RiskNoteLevel } {
  if (block.kind === 'ip-block') {
    return { text: 'The browser IP of the order is on the store’s IP block list.', level: 'HIGH' };
  }
  if (block.kind === 'country') {
    const name = countryNames.of(block.country) ?? block.country;
    return {
      text: `The browser IP of the order is in ${name}, a country the store blocks.`,
      level: 'MEDIUM',
    };
  }
  return {
    text: `The store’s ${block.label} blocks visits from the browser IP of the order.`,
    level: 'MEDIUM',
  };
}

const quoted = (name: string | null) => {
  const text = (name ?? 'unnamed').trim();
  return `"${text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text}"`;
};

function filterFacts(rows: OrderFindings['logRows']) {
  const byFilter = new Map<string, OrderFindings['logRows'][number][]>();
  for (const row of rows) {
    if (row.feature !== 'auto-cancel' || row.action === 'check') continue;
    const key = row.filterId ?? row.filterName ?? '';
    byFilter.set(key, [...(byFilter.get(key) ?? []), row]);
  }
  const facts: { text: string; level: RiskNoteLevel }[] = [];
  for (const entries of byFilter.values()) {
    const name = quoted(entries[0]?.filterName ?? null);
    const cancel = entries.find((e) => e.action === 'cancel');
    if (entries.every((e) => e.status === 'monitored')) {
      facts.push({
        text: `The order matches the auto-cancel filter ${name}, which is in monitor mode: it did nothing.`,
        level: 'LOW',
      });
    } else if (cancel) {
      const outcome =
        cancel.status === 'done'
          ? 'Gatehouse cancelled the order.'
          : cancel.status === 'skipped'
            ? 'the order had been cancelled already.'
            : 'Gatehouse could not cancel the order.';
      facts.push({
        text: `The order matches the auto-cancel filter ${name}; ${outcome}`,
        level: 'HIGH',
      });
    } else {
      facts.push({ text: `The order matches the auto-cancel filter ${name}.`, level: 'MEDIUM' });
    }
  }
  return facts;
}

function fraudProtectFact(rows: OrderFindings['logRows']): string | null {
  const mine = rows.filter((r) => r.feature === 'fraud-protect' && r.action !== 'check');
  const main = mine.find((r) => r.action === 'cancel') ?? mine.find((r) => r.action === 'tag');
  if (!main) return null;
  const rated = main.riskLevel ? `rated ${main.riskLevel.toLowerCase()} risk` : 'rated risky';
  const act = main.action === 'cancel' ? 'cancel' : 'tag for review';
  if (main.status === 'monitored') {
    return `Gatehouse Fraud Protect would ${act} the order, ${rated}, but is in monitor mode.`;
  }
  if (main.status === 'skipped') {
    return `Gatehouse Fraud Protect left the order, ${rated}, alone: ${main.error ?? 'an exception applied.'}`;
  }
  if (main.status === 'done') {
    const did = main.action === 'cancel' ? 'cancelled' : 'tagged for review';
    return `Gatehouse Fraud Protect ${did} the order, ${rated}.`;
  }
  return `Gatehouse Fraud Protect could not ${act} the order, ${rated}.`;
}

/** The assessment the findings bear out; null when there is nothing to say. */
export function riskNoteOf(findings: OrderFindings): RiskNote | null {
  const weighed: { text: string; level: RiskNoteLevel }[] = [];
  if (findings.storefrontBlock) weighed.push(storefrontFact(findings.storefrontBlock));
  for (const kind of findings.network) {
    const fact = NETWORK_FACTS[kind];
    if (fact) weighed.push(fact);
  }
  weighed.push(...filterFacts(findings.logRows));
  const facts: RiskNoteFact[] = weighed.map((f) => ({
    description: f.text,
    sentiment: 'NEGATIVE',
  }));
  const fraud = fraudProtectFact(findings.logRows);
  if (fraud) facts.push({ description: fraud, sentiment: 'NEUTRAL' });
  if (facts.length === 0) return null;
  const riskLevel = weighed.reduce<RiskNoteLevel>(
    (level, f) => (ORDER.indexOf(f.level) > ORDER.indexOf(level) ? f.level : level),
    'NONE',
  );
  return {
    riskLevel,
    facts: facts.slice(0, MAX_FACTS),
    dropped: Math.max(0, facts.length - MAX_FACTS),
  };
}
