// The one way the admin calls the server's JSON API: every call of the contracts' `api` table
// goes through `callApi`, on top of the one authenticated fetch (toast, logout on 401), and
// turns its answer into a `{result, data}` outcome that never throws.
import {
  api,
  type CallName,
  type ErrorBody,
  type RequestOf,
  type ResponseOf,
} from '@gatehouse/contracts';
import {
  authedFetch,
  failureMessage,
  readBody,
  reportFailure,
  type AuthedRequest,
  type FailureOptions,
} from './authed-fetch.js';

export { FALLBACK_FAILURE_MESSAGE, failureMessage } from './authed-fetch.js';

export type ApiOutcome<N extends CallName> =
  | { result: true; data: ResponseOf<N> }
  | {
      result: false;
      data: undefined;
      message: string;
      /** The HTTP status, undefined when no response arrived at all. */
      status?: number;
      /**
       * The server's whole answer when it sent the error body: `code` to act on, `issues` to
       * show at their fields (place-issues.ts).
       */
      error?: ErrorBody;
    };

export type CallOptions = FailureOptions;

function queryString(request: unknown): string {
  if (typeof request !== 'object' || request === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function failure<N extends CallName>(
  message: string,
  status?: number,
  error?: ErrorBody,
): ApiOutcome<N> {
  return {
    result: false,
    data: undefined,
    message,
    ...(status === undefined ? {} : { status }),
    ...(error === undefined ? {} : { error }),
  };
}

export async function callApi<N extends CallName>(
  name: N,
  request: RequestOf<N>,
  options: CallOptions = {},
): Promise<ApiOutcome<N>> {
  const call = api[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  let url: string = call.path;
  const init: AuthedRequest = { method: call.method, headers };
  if (call.method === 'GET') {
    url += queryString(request);
  } else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request ?? {});
  }

  const fetched = await authedFetch(url, init, options);
  if (!fetched.ok) return failure(fetched.message, fetched.status, fetched.error);
  const { response } = fetched;

  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    return failure(
      reportFailure(failureMessage(options.message, undefined, undefined), options.quiet),
    );
  }
  const parsed = call.response.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${call.path}`, parsed.error);
    const message = failureMessage(options.message, response.status, body);
    return failure(reportFailure(message, options.quiet), response.status);
  }
  return { result: true, data: parsed.data as ResponseOf<N> };
}
