// The support CLI's HTTP client for /api/support/* on the running server.
export interface SupportClient {
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

export class SupportApiError extends Error {
  override name = 'SupportApiError';
}

export function createSupportClient(options: {
  serverUrl: string;
  apiKey: string;
  user: string;
  fetch?: typeof fetch;
}): SupportClient {
  const doFetch = options.fetch ?? fetch;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.serverUrl}${path}`, {
        method,
        headers: {
          authorization: `bearer ${options.apiKey}`,
          'x-support-user': options.user,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new SupportApiError(
        `Cannot reach the Gatehouse server at ${options.serverUrl}. Is it running (npm start)? Set SERVER_URL if it runs elsewhere.`,
      );
    }
    const data = (await response.json().catch(() => null)) as { Message?: string } | null;
    if (!response.ok) {
      throw new SupportApiError(data?.Message ?? `The server answered ${response.status}.`);
    }
    return data as T;
  }
  return {
    get: (path, query) =>
      call('GET', query ? `${path}?${new URLSearchParams(query).toString()}` : path),
    post: (path, body) => call('POST', path, body),
  };
}
