// The visitor log as the merchant's own API reads it. Visits are queued by the decision and
// written in batches, so a browser test waits here until the visits it made are in the log
// before it opens a page that reads them.
import { expect } from 'vitest';
import type { Fixture } from './fixtures.js';

/** The cookie the admin keeps the merchant's session token in. */
const SESSION_COOKIE = '_idy_og_id';

export interface LoggedVisit {
  ip: string;
  url: string;
  action: 'allow' | 'block' | 'redirect';
}

/** The session token of the merchant signed in last in the test browser. */
export async function sessionToken(f: Fixture): Promise<string> {
  const cookies = await f.chrome.browser.cookies(f.stack.appUrl);
  const token = cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!token) throw new Error('no merchant is signed in in the test browser');
  return decodeURIComponent(token);
}

/** Every visit from `ip` the log holds, newest first. */
export async function loggedVisits(f: Fixture, ip: string): Promise<LoggedVisit[]> {
  const token = await sessionToken(f);
  const visits: LoggedVisit[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ip, limit: '200', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${f.stack.appUrl}/api/visitors/list?${query.toString()}`, {
      headers: { authorization: `bearer ${token}` },
    });
    if (!res.ok) throw new Error(`visitor log: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { visits: LoggedVisit[]; nextCursor: string | null };
    visits.push(...page.visits);
    cursor = page.nextCursor;
  } while (cursor);
  return visits;
}

/** Waits until the log holds at least `count` visits from `ip` that `matches` accepts. */
export async function waitForLoggedVisits(
  f: Fixture,
  ip: string,
  count = 1,
  matches: (visit: LoggedVisit) => boolean = () => true,
): Promise<void> {
  await expect
    .poll(async () => (await loggedVisits(f, ip)).filter(matches).length, {
      timeout: 15_000,
      interval: 200,
    })
    .toBeGreaterThanOrEqual(count);
}
