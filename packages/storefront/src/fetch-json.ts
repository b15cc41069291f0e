// One bounded call to the app: aborted after `timeoutMs`, the visitor's cookies never sent.
// Any failure (network, time-out, non-2xx, a body that is not JSON) comes back as null, so
// callers fail open.

export async function fetchJson(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      ...init,
      credentials: 'omit',
      signal: controller.signal,
    });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
