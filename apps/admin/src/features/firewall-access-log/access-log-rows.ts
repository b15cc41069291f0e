// The rows the Realtime Access Log shows: live entries on top of the history pages, newest
// first by id, each once (a page read after the tail started may hold entries it also sent),
// and at most MAX_ROWS of them; what the filter fields say as the calls' query (the address
// field also takes the reference a blocked shopper quotes); the row's block actions.
import {
  firewallAccessFilters,
  isVisitReference,
  type FirewallAccessEntry,
  type FirewallAccessFilters,
} from '@gatehouse/contracts';

export const MAX_ROWS = 1000;

const newer = (a: FirewallAccessEntry, b: FirewallAccessEntry) => {
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x === y ? 0 : x > y ? -1 : 1;
};

export function mergeEntries(...lists: readonly FirewallAccessEntry[][]): FirewallAccessEntry[] {
  const seen = new Set<string>();
  const all: FirewallAccessEntry[] = [];
  for (const list of lists) {
    for (const entry of list) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      all.push(entry);
    }
  }
  return all.sort(newer).slice(0, MAX_ROWS);
}

/** The filter fields as typed. */
export interface FilterDraft {
  /** An IP address, or a blocked shopper's reference. */
  ip: string;
  country: string;
  status: string;
  blocked: boolean;
}

export const NO_FILTERS: FilterDraft = { ip: '', country: '', status: '', blocked: false };

export type FilterErrors = Partial<Record<keyof FirewallAccessFilters, string>>;

/** The query the draft makes, or the fields' errors. */
export function readFilters(
  draft: FilterDraft,
): { query: Record<string, string> } | { errors: FilterErrors } {
  const reference = isVisitReference(draft.ip);
  const parsed = firewallAccessFilters.safeParse({
    ...(reference ? { ref: draft.ip } : { ip: draft.ip }),
    country: draft.country,
    status: draft.status,
    ...(draft.blocked ? { blocked: 'true' } : {}),
  });
  if (!parsed.success) {
    const errors: FilterErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof FirewallAccessFilters;
      // The reference is typed in the address field.
      errors[field === 'ref' ? 'ip' : field] ??= issue.message;
    }
    return { errors };
  }
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.data)) {
    if (typeof value === 'string' && value !== '') query[name] = value;
  }
  return { query };
}

/** The path of a logged URL, without its query: what "Block this URL" adds. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const ACTION_LABELS: Record<FirewallAccessEntry['action'], string> = {
  allow: 'Allowed',
  block: 'Blocked',
  redirect: 'Redirected',
  limit: 'Rate limited',
};
