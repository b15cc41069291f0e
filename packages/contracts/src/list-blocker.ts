// What a list blocker is, said once for the server, the admin and the firewall: a list of
// entries of one engine rule kind, all sharing the blocker's action and monitor mode. Its
// manifest names the blocker (its folder and its key in blocker_settings), its title and
// admin page, its wire calls, the plan feature that switches it on, the dashboard count its
// blocks add to, the visitor-log quick action that adds to it, whether the firewall can
// enforce it at the edge, and the schema that reads one entry as the merchant typed it and
// turns it into the form the list stores, so no layer reads an entry again.
import type { RuleKind } from '@gatehouse/engine';
import type { z } from 'zod';
import type { VisitView } from './visitor-logs.js';

/** The wire calls of a list blocker, by what they do (each a name in `api`). */
export interface ListBlockerCalls {
  get: string;
  save: string;
  add: string;
  delete: string;
}

/** A list blocker's CSV import (preview then commit) and export. */
export interface ListBlockerCsv {
  importPreview: string;
  importCommit: string;
  /** `GET` with the session's bearer token. */
  exportPath: string;
  /** First cells (lower case) that mark a CSV file's first line as a header row. */
  headers: readonly string[];
  /** A file whose every entry is listed already. */
  nothingNew: string;
}

/** What a visitor-log row offers to add to a list blocker, and the words that offer it. */
export interface ListBlockerQuickOffer {
  /**
   * The value the visit offers, in the list's form, and how the confirmation names it; null
   * when it offers none.
   */
  from(visit: Pick<VisitView, 'asn' | 'org' | 'referrer' | 'url'>): {
    value: string;
    named: string;
  } | null;
  /** The row menu's item ("Block this referrer"). */
  label: string;
  /** The confirmation's button ("Block referrer"). */
  confirm: string;
  /** Who the addition blocks, by the value's name ("Every visitor sent by spam.example"). */
  who(named: string): string;
  /** What goes into the list ("the site"). */
  what: string;
  /** What a plan with the blocker lets the merchant do, after "Upgrade your plan to". */
  upgrade: string;
}

/**
 * How an entry's value, in the list's form, reads on the wire when it is more than one field
 * (an AS number or an ISP name), and back.
 */
export interface ListBlockerWire {
  fields(value: string): Record<string, unknown>;
  value(entry: never): string;
}

/**
 * A name a manifest gives (its plan feature, its dashboard count) as one of `names`, the list
 * it belongs to; a name that is not in it is the manifest's mistake, refused where it is read.
 */
export function manifestName<T extends string>(
  mf: { name: string },
  what: string,
  names: readonly T[],
  value: string,
): T {
  if (!(names as readonly string[]).includes(value))
    throw new Error(`${mf.name} names no ${what}: ${value}`);
  return value as T;
}

export interface ListBlockerManifest {
  /** Its folder on both sides and its key in blocker_settings, e.g. `asn-blocker`. */
  name: string;
  /** As the merchant reads it: the page's title and the visitor log's name of its rules. */
  title: string;
  /**
   * Its place among the list blockers of its side (the storefront's, the firewall's own): the
   * navigation and the firewall's enforce choices list them by it, lowest first.
   */
  order: number;
  /** The admin page, e.g. `/asnBlocker`. */
  page: string;
  /** The engine rule kind every entry becomes. */
  ruleKind: RuleKind;
  // The plan feature, dashboard count and quick action are the manifest's own names: the lists of
  // all features, counts and quick actions are read from the manifests, never the other way.
  /** The plan feature every call names (403 on a plan without it); null on every plan. */
  feature: string | null;
  /** The dashboard count its blocked and redirected visits add to. */
  dashboardCounter?: string;
  /** The visitor-log quick action that adds a visit's value to the list, and its offer. */
  quickAction?: string;
  quickOffer?: ListBlockerQuickOffer;
  /** The firewall can enforce the blocker's rules at the edge. */
  edge: boolean;
  /**
   * The blocker is the firewall's own: its rules enter only the rule set the firewall applies,
   * so every change is checked against that set, and the storefront's visits, which never met
   * them, replay none of its changes.
   */
  firewallOnly?: boolean;
  /** Most entries the list holds. */
  limit: number;
  /** The entry's value field on the wire (`domain`) and in CSV files. */
  field: string;
  /** The entry's value fields on the wire when `field` alone does not say it. */
  wire?: ListBlockerWire;
  /**
   * The add call's field: a list of values answered with the entries added and the values
   * skipped, or (`addOne`) one value answered with the entry added.
   */
  addField: string;
  addOne?: boolean;
  /** The add call answers the whole list, as the get call does, instead of what it added. */
  addAnswersList?: boolean;
  /** One entry as typed, read into the form the list stores (or the message to show). */
  entry: z.ZodType<string, string>;
  /**
   * The page filter's text as the list matches it against the value and the note, the same
   * on the page and in a delete of every entry it finds; as typed when left out.
   */
  filterText?(text: string): string;
  /** The visitor-log quick action's value, read into the list's form; `entry` when left out. */
  quickEntry?: z.ZodType<string, string>;
  calls: ListBlockerCalls;
  csv?: ListBlockerCsv;
  messages: {
    /** An add whose every entry is listed already. */
    duplicate: string;
    /** An add past `limit`. */
    cap: string;
  };
}

/** An entry's value fields on the wire, from its value in the list's form. */
export const entryFields = (mf: ListBlockerManifest, value: string): Record<string, unknown> =>
  mf.wire ? mf.wire.fields(value) : { [mf.field]: value };

/** An entry's value in the list's form, from the entry on the wire. */
export const entryValue = (mf: ListBlockerManifest, entry: object): string =>
  mf.wire
    ? mf.wire.value(entry as never)
    : String((entry as Record<string, unknown>)[mf.field] ?? '');

/** The manifest, checked against the type with its literal names kept. */
export const listBlocker = <const M extends ListBlockerManifest>(manifest: M): M => manifest;
