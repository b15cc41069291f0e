// The replay itself: stored visits, batch by batch, through two compiled policies (the rules in
// force and the rules after the draft), with the facts rules read of each visitor address
// looked up once for both, as the decision endpoint looks them up now (country, network and
// crawler facts; not the place, which no rule reads), and kept a while for its next visits.
// It counts the visits (and distinct addresses) the draft would block that get in now, those
// it would let in that are blocked now, and those the changed blocker's own rules would block
// or watch; it keeps the newest few newly blocked visits as examples, what they all share (one
// address, network or country) and the verified search-engine crawlers among them. A visit
// whose device had Admin Access is replayed with it. No batch is replayed once the deadline
// has passed. Nothing depends on the order of the visits within a batch. The work is done in
// slices of at most SLICE_MS, each followed by a turn of the event loop, so that the server
// answers its other requests while a replay runs; a replay whose caller has gone (its signal
// aborted) stops at the end of the slice.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  decide,
  UNKNOWN_FACTS,
  type CrawlerId,
  type Decision,
  isSearchCrawler,
  type GeoFacts,
  type GeoLookup,
  type Policy,
} from '@gatehouse/engine';

/** A stored visit, as much of it as a decision needs. */
export interface ReplayVisit {
  /** Epoch milliseconds. */
  time: number;
  /** Empty when the stored address was not an IP address. */
  ip: string;
  url: string;
  referrer: string;
  userAgent: string;
  /** The device had Admin Access when the visit was stored. */
  adminDevice: boolean;
}

export interface ReplayExample {
  /** Epoch milliseconds. */
  time: number;
  ip: string;
  country: string | null;
  url: string;
}

/** Visits and the distinct addresses they came from. */
export class Tally {
  visits = 0;
  private readonly ips = new Set<string>();
  add(ip: string): void {
    this.visits += 1;
    this.ips.add(ip);
  }
  get visitors(): number {
    return this.ips.size;
  }
  toJSON() {
    return { visits: this.visits, visitors: this.visitors };
  }
}

/** A value all the visits added share, until one differs. */
class Shared<T> {
  private value: T | undefined;
  private mixed = false;
  add(value: T): void {
    if (this.mixed) return;
    if (this.value === undefined) this.value = value;
    else if (this.value !== value) this.mixed = true;
  }
  get(): T | undefined {
    return this.mixed ? undefined : this.value;
  }
}

export interface ReplayOptions {
  current: Policy;
  draft: Policy;
  geo: GeoLookup | null;
  /** The rule kinds of the blocker being changed. */
  kinds: ReadonlySet<string>;
  /** The clock the rules' expiry is read at (the replay's start): the rules as they are now. */
  now: number;
  /** performance.now() after which no further batch is read. */
  deadline: number;
  /** Examples kept at most. */
  examples?: number;
  /** Aborted when the answer is no longer wanted: the replay stops at the end of its slice. */
  signal?: AbortSignal;
}

export interface ReplayOutcome {
  replayed: number;
  /** The oldest visit replayed (epoch milliseconds); null when there was none. */
  oldest: number | null;
  /** The deadline passed before the visits ran out. */
  outOfTime: boolean;
  /** The signal was aborted: the replay stopped early and its numbers are partial. */
  cancelled: boolean;
  blocked: Tally;
  released: Tally;
  total: Tally;
  monitored: Tally;
  examples: ReplayExample[];
  /** What every newly blocked visit shares; undefined where they differ (or there are none). */
  shared: { ip?: string; asn?: number; country?: string };
  /** Newly blocked visits of verified search-engine crawlers, per crawler. */
  crawlers: Map<CrawlerId, number>;
}

const stops = (d: Decision) => d.action !== 'allow';

/** The longest the replay holds the event loop before letting other work run. */
export const SLICE_MS = 10;
/** Visits decided between two looks at the clock (a look costs about as much as a visit). */
const CLOCK_EVERY = 64;

/** Addresses whose facts are kept at most while replaying. */
export const FACTS_KEPT = 4_096;

export async function replayVisits(
  batches: AsyncIterable<ReplayVisit[]>,
  options: ReplayOptions,
): Promise<ReplayOutcome> {
  const { current, draft, geo, kinds, now } = options;
  const maxExamples = options.examples ?? 5;
  const out: ReplayOutcome = {
    replayed: 0,
    oldest: null,
    outOfTime: false,
    cancelled: false,
    blocked: new Tally(),
    released: new Tally(),
    total: new Tally(),
    monitored: new Tally(),
    examples: [],
    shared: {},
    crawlers: new Map(),
  };
  const ip = new Shared<string>();
  const asn = new Shared<number | null>();
  const country = new Shared<string | null>();

  // Visitors come back, mostly soon: the facts of the addresses seen lately are kept, up to
  // FACTS_KEPT of them (then forgotten all at once). Keeping every address of a week costs
  // more, in garbage collection of the objects held, than looking up again the few that
  // return later.
  const factsOf = new Map<string, GeoFacts>();
  const find = geo ? (geo.ruleFacts ?? geo.lookup).bind(geo) : null;
  const lookup = (address: string): GeoFacts => {
    if (!find || address === '') return UNKNOWN_FACTS;
    let facts = factsOf.get(address);
    if (facts === undefined) {
      facts = find(address);
      if (factsOf.size >= FACTS_KEPT) factsOf.clear();
      factsOf.set(address, facts);
    }
    return facts;
  };
  // The newest examples so far, newest first.
  const keepExample = (example: ReplayExample) => {
    const { examples } = out;
    if (examples.length >= maxExamples && examples[examples.length - 1]!.time >= example.time) {
      return;
    }
    let at = examples.length;
    while (at > 0 && examples[at - 1]!.time < example.time) at -= 1;
    examples.splice(at, 0, example);
    if (examples.length > maxExamples) examples.pop();
  };

  const { signal } = options;
  let sliceEnd = performance.now() + SLICE_MS;
  /** Lets the event loop run once the slice is used up; false when the caller has gone. */
  const carryOn = async (): Promise<boolean> => {
    if (performance.now() >= sliceEnd) {
      await nextTurn();
      sliceEnd = performance.now() + SLICE_MS;
    }
    if (signal?.aborted) out.cancelled = true;
    return !out.cancelled;
  };

  replay: for await (const batch of batches) {
    if (signal?.aborted) {
      out.cancelled = true;
      break;
    }
    // Checked once the next batch is there: more visits were left when time ran out.
    if (out.replayed > 0 && performance.now() > options.deadline) {
      out.outOfTime = true;
      break;
    }
    for (let k = 0; k < batch.length; k++) {
      if (k % CLOCK_EVERY === CLOCK_EVERY - 1 && !(await carryOn())) {
        out.replayed += k;
        break replay;
      }
      const v = batch[k]!;
      const facts = lookup(v.ip);
      const visit = {
        ip: v.ip,
        url: v.url,
        referrer: v.referrer,
        userAgent: v.userAgent,
        adminDevice: v.adminDevice,
        now,
      };
      const before = decide(current, visit, facts);
      const after = decide(draft, visit, facts);
      const wasStopped = stops(before);
      const isStopped = stops(after);
      if (isStopped && !wasStopped) {
        out.blocked.add(v.ip);
        ip.add(v.ip);
        asn.add(facts.asn);
        country.add(facts.country);
        if (maxExamples > 0) {
          keepExample({ time: v.time, ip: v.ip, country: facts.country, url: v.url });
        }
        if (after.crawler?.check === 'verified' && isSearchCrawler(after.crawler.id)) {
          const id = after.crawler.id;
          out.crawlers.set(id, (out.crawlers.get(id) ?? 0) + 1);
        }
      } else if (wasStopped && !isStopped) {
        out.released.add(v.ip);
      }
      if (isStopped && after.rule && kinds.has(after.rule.kind)) out.total.add(v.ip);
      if (after.monitor && kinds.has(after.monitor.kind)) out.monitored.add(v.ip);
      if (out.oldest === null || v.time < out.oldest) out.oldest = v.time;
    }
    out.replayed += batch.length;
  }
  const sharedIp = ip.get();
  const sharedAsn = asn.get();
  const sharedCountry = country.get();
  if (sharedIp) out.shared.ip = sharedIp;
  if (sharedAsn !== undefined && sharedAsn !== null) out.shared.asn = sharedAsn;
  if (sharedCountry) out.shared.country = sharedCountry;
  return out;
}
