// The one way the admin calls the server: every call of the contracts' `api` table goes
// through `callApi`, which also owns failure handling (SPEC.md §7, §8): the toast text, the
// logout on 401, and `{result, data}` outcomes that never throw.
import { api, type CallName, type RequestOf, type ResponseOf } from '@gatehouse/contracts';
import { clearSession, getSessionToken, goToLogin } from './session.js';
import { showErrorToast } from './toast-store.js';

export const FALLBACK_FAILURE_MESSAGE = 'Failed, Please try again.';

export type ApiOutcome<N extends CallName> =
  | { result: true; data: ResponseOf<N> }
  | {
      result: false;
      data: undefined;
      message: string;
      /** The HTTP status, undefined when no response arrived at all. */
      status?: number;
    };

export interface CallOptions {
  /** Replaces whatever the server said in the failure toast. */
  message?: string;
  /**
   * Statuses the caller answers itself (e.g. 403 → the Upgrade dialog): no toast for those,
   * the outcome still carries the status and message.
   */
  quietStatuses?: readonly number[];
}

/**
 * SPEC.md §8's order: the caller's message, else on HTTP 400 the body's `Message`, else the
 * generic text. `status` is undefined when no response arrived at all.
 */
export function failureMessage(
  supplied: string | undefined,
  status: number | undefined,
  body: unknown,
): string {
  if (supplied) return supplied;
  if (status === 400 && typeof body === 'object' && body !== null && 'Message' in body) {
    const message = (body as { Message: unknown }).Message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return FALLBACK_FAILURE_MESSAGE;
}

function queryString(request: unknown): string {
  if (typeof request !== 'object' || request === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fail<N extends CallName>(message: string, status?: number, quiet = false): ApiOutcome<N> {
  if (!quiet) showErrorToast(message);
  return { result: false, data: undefined, message, ...(status === undefined ? {} : { status }) };
}

export async function callApi<N extends CallName>(
  name: N,
  request: RequestOf<N>,
  options: CallOptions = {},
): Promise<ApiOutcome<N>> {
  const call = api[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSessionToken();
  if (token) headers.Authorization = `bearer ${token}`;

  let url: string = call.path;
  const init: RequestInit = { method: call.method, headers };
  if (call.method === 'GET') {
    url += queryString(request);
  } else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request ?? {});
  }

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, init);
    body = await readBody(response);
  } catch {
    return fail(failureMessage(options.message, undefined, undefined));
  }

  if (response.status === 401) {
    // The session is gone server-side; the page is left at once, so no toast would be seen.
    clearSession();
    goToLogin();
    return {
      result: false,
      data: undefined,
      message: failureMessage(undefined, 401, body),
      status: 401,
    };
  }
  if (!response.ok) {
    const quiet = options.quietStatuses?.includes(response.status) ?? false;
    return fail(failureMessage(options.message, response.status, body), response.status, quiet);
  }

  const parsed = call.response.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${call.path}`, parsed.error);
    return fail(failureMessage(options.message, response.status, body), response.status);
  }
  return { result: true, data: parsed.data as ResponseOf<N> };
}
