// The Admin API versions the platform answers. A stable version is released each quarter
// (January, April, July, October, on the 1st) and supported for twelve months, so four stable
// versions are supported at a time, with `unstable`. A request made with an older, retired
// version is answered as the oldest supported one, and the answer's X-Shopify-API-Version says
// which; a version not released yet, or not a version at all, is not found.

/** A quarterly release: `2026-10`. */
const VERSION_FORMAT = /^(\d{4})-(01|04|07|10)$/;

const releaseOf = (version: string) => {
  const match = VERSION_FORMAT.exec(version);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) : null;
};

/** The supported stable versions at `now`, oldest first, then `unstable`. */
export function supportedApiVersions(now: Date): string[] {
  const year = now.getUTCFullYear();
  // Twelve months of support: a version released a year ago or earlier is retired.
  const retiredBefore = Date.UTC(year - 1, now.getUTCMonth(), now.getUTCDate());
  const stable: string[] = [];
  for (let y = year - 1; y <= year; y++) {
    for (const month of ['01', '04', '07', '10']) {
      const version = `${y}-${month}`;
      const released = releaseOf(version)!;
      if (released > retiredBefore && released <= now.getTime()) stable.push(version);
    }
  }
  return [...stable, 'unstable'];
}

/** The version a request made with `asked` is answered as, or null when there is none. */
export function answeredApiVersion(asked: string, now: Date): string | null {
  const supported = supportedApiVersions(now);
  if (supported.includes(asked)) return asked;
  const released = releaseOf(asked);
  const oldest = supported[0]!;
  // Retired: older than the oldest supported, which answers in its place.
  return released !== null && oldest !== 'unstable' && released < releaseOf(oldest)!
    ? oldest
    : null;
}
