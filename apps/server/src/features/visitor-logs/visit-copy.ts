// One file past the usual size on purpose: the byte writer and the row layout it serves are
// read together, field by field.
// A batch of visits in PostgreSQL's binary COPY format, for `COPY visits … FROM '/dev/blob'
// WITH (FORMAT binary)` on PGlite. Binary skips the server's text parsing of every field (a
// timestamp, a uuid and an address per visit) and needs no quoting or escaping: each field is
// its length and its bytes, big-endian. Text is UTF-8 with NUL characters removed (PostgreSQL
// text cannot hold them); an address that is not an IP address is NULL. Built straight into
// one growing byte array: no per-row strings or objects (see bench/README.md for the figures).
// The same document feeds `COPY … FROM STDIN` on PostgreSQL.
import { parseIpInto, type Decision } from '@gatehouse/engine';
import type { RuleFacts } from '../../protection/blocker.js';
import { visitBotCategory, visitNetFlags } from './visit-network.js';
import { checkedAsn, storableText, type VisitRecord } from './visit-record.js';

// "PGCOPY\n\377\r\n\0", then the flags field and the header extension length, both 0.
const HEADER = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
const FIELDS = 24;
/** PostgreSQL timestamps count microseconds from 2000-01-01T00:00:00Z. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;
/** inet's family byte in the binary format (PGSQL_AF_INET, PGSQL_AF_INET6). */
const AF_INET = 2;
const AF_INET6 = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const utf8 = new TextEncoder();
const words = new Uint32Array(4);

class CopyBuffer {
  bytes: Uint8Array;
  at = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }

  reserve(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    next.set(this.bytes.subarray(0, this.at));
    this.bytes = next;
  }

  byte(value: number): void {
    this.bytes[this.at++] = value;
  }

  int16(value: number): void {
    const b = this.bytes;
    b[this.at] = (value >> 8) & 0xff;
    b[this.at + 1] = value & 0xff;
    this.at += 2;
  }

  int32At(at: number, value: number): void {
    const b = this.bytes;
    b[at] = (value >>> 24) & 0xff;
    b[at + 1] = (value >>> 16) & 0xff;
    b[at + 2] = (value >>> 8) & 0xff;
    b[at + 3] = value & 0xff;
  }

  /** Signed or unsigned 32-bit value, big-endian (the bits are the same). */
  int32(value: number): void {
    this.int32At(this.at, value);
    this.at += 4;
  }

  /** A 64-bit value given as its high (signed) and low (unsigned) 32-bit halves. */
  int64(high: number, low: number): void {
    this.int32(high);
    this.int32(low);
  }

  null(): void {
    this.int32(-1);
  }

  text(value: string | null): void {
    if (value === null) return this.null();
    const n = value.length;
    // A UTF-16 unit takes at most 3 bytes of UTF-8 (a surrogate pair, 2 units, takes 4).
    this.reserve(4 + n * 3);
    const b = this.bytes;
    const start = this.at + 4;
    let end = start;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c === 0 || c > 0x7f) {
        // Rare: not plain ASCII, or a NUL to remove; encode the whole value properly.
        end = start + utf8.encodeInto(storableText(value), b.subarray(start)).written;
        break;
      }
      b[end++] = c;
    }
    this.int32At(this.at, end - start);
    this.at = end;
  }
}

function uuidBytes(id: string): Uint8Array {
  if (!UUID.test(id)) throw new Error(`Not a shop id: ${id}`);
  const hex = id.replaceAll('-', '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function writeTime(out: CopyBuffer, ms: number): void {
  if (!Number.isFinite(ms)) throw new Error('Not a time: an invalid Date');
  // Microseconds since 2000 exceed 2^53 past the year 2285: split exactly into two halves.
  const d = ms - PG_EPOCH_MS;
  const q = Math.floor(d / TWO_32);
  const lowMs = (d - q * TWO_32) * 1000;
  const carry = Math.floor(lowMs / TWO_32);
  out.int32(8);
  out.int64(q * 1000 + carry, lowMs - carry * TWO_32);
}

function writeIp(out: CopyBuffer, ip: string): void {
  const version = parseIpInto(ip, words);
  if (version === 4) {
    out.int32(8);
    out.byte(AF_INET);
    out.byte(32);
    out.byte(0);
    out.byte(4);
    out.int32(words[0]!);
  } else if (version === 6) {
    out.int32(20);
    out.byte(AF_INET6);
    out.byte(128);
    out.byte(0);
    out.byte(16);
    for (let k = 0; k < 4; k++) out.int32(words[k]!);
  } else {
    out.null();
  }
}

/** The geo facts a visit row stores (a decision's facts, or a stored visit's own fields). */
export interface VisitFacts {
  country: string | null;
  region: string | null;
  city: string | null;
  asn: number | null;
  org: string | null;
}

/**
 * One binary COPY document built a visit at a time: the header at once, a tuple per
 * `append*`, the trailer by `finish()`. The live visit queue appends each decision as it is
 * made, so a queued visit is bytes, not objects the garbage collector has to trace and move.
 * An append that throws (an invalid field) leaves the document as it was before it.
 */
export class VisitCopyBuilder {
  private readonly out: CopyBuffer;
  private shopId = '';
  private shopBytes: Uint8Array = new Uint8Array(16);
  /** Visits appended. */
  rows = 0;

  constructor(initialBytes = 64 * 1024) {
    this.out = new CopyBuffer(Math.max(64, initialBytes));
    for (const b of HEADER) this.out.byte(b);
    this.out.int32(0);
    this.out.int32(0);
  }

  /** Bytes written so far. */
  get byteLength(): number {
    return this.out.at;
  }

  /** A stored visit's row. */
  append(v: VisitRecord): void {
    this.row(
      v.shopId,
      v.time.getTime(),
      v.ip,
      v,
      v.url,
      v.referrer,
      v.userAgent,
      v.action,
      v.ruleId,
      v.ruleKind,
      v.monitor,
      v.monitorRuleId,
      v.ruleLabel,
      v.ruleMode,
      v.monitorRuleKind,
      v.monitorLabel,
      v.monitorMode,
      v.monitorAction,
      v.netFlags,
      v.botCategory,
    );
  }

  /**
   * A decision's row, read straight from the decision (no record object in between), with the
   * facts of its rule and of its monitored rule as they stood when it decided.
   */
  appendDecision(
    shopId: string,
    timeMs: number,
    ip: string,
    url: string,
    referrer: string,
    userAgent: string,
    decision: Decision,
    ruleFacts: RuleFacts | null,
    monitorFacts: RuleFacts | null,
  ): void {
    this.row(
      shopId,
      timeMs,
      ip,
      decision.facts,
      url,
      referrer,
      userAgent,
      decision.action,
      decision.rule?.id ?? null,
      decision.rule?.kind ?? null,
      decision.monitor !== undefined,
      decision.monitor?.id ?? null,
      ruleFacts?.label ?? null,
      ruleFacts?.mode ?? null,
      decision.monitor?.kind ?? null,
      monitorFacts?.label ?? null,
      monitorFacts?.mode ?? null,
      decision.monitor?.action ?? null,
      visitNetFlags(decision),
      visitBotCategory(decision, userAgent),
    );
  }

  /** The document, trailer included; the builder is not used after this. */
  finish(): Uint8Array {
    this.out.reserve(2);
    this.out.int16(-1);
    return this.out.bytes.subarray(0, this.out.at);
  }

  private row(
    shopId: string,
    timeMs: number,
    ip: string,
    facts: VisitFacts,
    url: string,
    referrer: string,
    userAgent: string,
    action: string,
    ruleId: string | null,
    ruleKind: string | null,
    monitor: boolean,
    monitorRuleId: string | null,
    ruleLabel: string | null,
    ruleMode: string | null,
    monitorRuleKind: string | null,
    monitorLabel: string | null,
    monitorMode: string | null,
    monitorAction: string | null,
    netFlags: number,
    botCategory: string | null,
  ): void {
    const out = this.out;
    const mark = out.at;
    try {
      // The fixed-size fields of one tuple: count, uuid, time, inet.
      out.reserve(128);
      out.int16(FIELDS);
      if (shopId !== this.shopId) {
        this.shopBytes = uuidBytes(shopId);
        this.shopId = shopId;
      }
      out.int32(16);
      out.bytes.set(this.shopBytes, out.at);
      out.at += 16;
      writeTime(out, timeMs);
      writeIp(out, ip);
      out.text(facts.country);
      out.text(facts.region);
      out.text(facts.city);
      const asn = checkedAsn(facts.asn);
      out.reserve(12);
      if (asn === null) out.null();
      else {
        out.int32(8);
        out.int64(Math.floor(asn / TWO_32), asn % TWO_32);
      }
      out.text(facts.org);
      out.text(url);
      out.text(referrer);
      out.text(userAgent);
      out.text(action);
      out.text(ruleId);
      out.text(ruleKind);
      out.reserve(5);
      out.int32(1);
      out.byte(monitor ? 1 : 0);
      out.text(monitorRuleId);
      out.text(ruleLabel);
      out.text(ruleMode);
      out.text(monitorRuleKind);
      out.text(monitorLabel);
      out.text(monitorMode);
      out.text(monitorAction);
      if (!Number.isInteger(netFlags) || netFlags < 0 || netFlags > 0x7fff) {
        throw new Error(`Not a network bit set: ${netFlags}`);
      }
      out.reserve(6);
      out.int32(2);
      out.int16(netFlags);
      out.text(botCategory);
    } catch (error) {
      out.at = mark;
      throw error;
    }
    this.rows++;
  }
}

/** The batch as one binary COPY document (header, one tuple per visit, trailer). */
export function visitsToCopyBinary(rows: readonly VisitRecord[]): Uint8Array {
  const builder = new VisitCopyBuilder(64 + rows.length * 400);
  for (const v of rows) builder.append(v);
  return builder.finish();
}
