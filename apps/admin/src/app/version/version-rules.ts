// Whether the deployed admin differs from the one running in this tab (the "refresh with Ctrl+F5"
// banner). An unknown deployed version never counts as newer.
export function isOutdated(runningId: string, deployedId: string | null | undefined): boolean {
  return typeof deployedId === 'string' && deployedId !== '' && deployedId !== runningId;
}

/** Reads `{"version": "..."}`; anything else is no answer. */
export function deployedVersionOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('version' in body)) return null;
  const version = (body as { version: unknown }).version;
  return typeof version === 'string' && version !== '' ? version : null;
}
