// The one authenticated fetch of the admin: every call to the server (the API client's JSON
// calls and every file download) goes through `authedFetch`, which sends the session's bearer
// token and owns failure handling: a 401 ends the session and leaves for /login, any other
// failure shows one error toast unless the caller answers that status itself. A refusal's
// whole body (its sentence, its code and each problem with its path) is handed over, for the
// caller to act on the code and for a form to show each problem beside its field. Inside the
// Shopify admin every call carries a fresh session token from App Bridge instead (the page's
// first calls, the one in its address while it has time left), and a 401 is asked once more
// with a new one from App Bridge; there is no sign-in page to leave for there.
import { errorBody, type ErrorBody } from '@gatehouse/contracts';
import { forgetSessionToken, isEmbedded, sessionTokenFromAppBridge } from './app-bridge.js';
import { clearSession, getSessionToken, goToLogin } from './session.js';
import { showErrorToast } from './toast-store.js';

export const FALLBACK_FAILURE_MESSAGE = 'Failed, Please try again.';
/** Inside the Shopify admin, when even a new session token is refused. */
export const EMBEDDED_SESSION_MESSAGE =
  'Shopify could not confirm your session. Reload Gatehouse from your Shopify admin.';

export interface FailureOptions {
  /** Replaces whatever the server said in the failure toast. */
  message?: string;
  /**
   * Statuses the caller answers itself (e.g. 403 → the Upgrade dialog): no toast for those,
   * the outcome still carries the status and message.
   */
  quietStatuses?: readonly number[];
  /** No toast for any failure: a call made ahead of its page, which asks again and reports it. */
  quiet?: boolean;
}

export type FetchOutcome =
  | { ok: true; response: Response }
  | {
      ok: false;
      message: string;
      /** The HTTP status, undefined when no response arrived at all. */
      status?: number;
      /** The caller aborted the request: nothing was shown. */
      aborted?: boolean;
      /** The server's answer, when it sent the error body: its code and issues. */
      error?: ErrorBody;
    };

/**
 * The failure text, in this order: the caller's message, else on HTTP 400 the body's
 * `Message`, else the generic text. `status` is undefined when no response arrived at all.
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

/** A response body as JSON when it is JSON, as text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Shows a failure's toast, unless the caller answers it itself, and hands the text back. */
export function reportFailure(message: string, quiet = false): string {
  if (!quiet) showErrorToast(message);
  return message;
}

function failed(message: string, status?: number, quiet = false): FetchOutcome {
  reportFailure(message, quiet);
  return { ok: false, message, ...(status === undefined ? {} : { status }) };
}

export type AuthedRequest = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

export async function authedFetch(
  url: string,
  init: AuthedRequest = {},
  options: FailureOptions = {},
): Promise<FetchOutcome> {
  if (isEmbedded()) {
    const token = await sessionTokenFromAppBridge();
    let response = await send(url, init, token);
    // A token refused (expired on the way, or not good): once more with a new one.
    if (response instanceof Response && response.status === 401) {
      forgetSessionToken(token);
      response = await send(url, init, await sessionTokenFromAppBridge());
    }
    return outcomeOf(response, init, options, EMBEDDED_SESSION_MESSAGE);
  }
  const response = await send(url, init, getSessionToken());
  if (response instanceof Response && response.status === 401) {
    // The session is gone server-side; the page is left at once, so no toast would be seen:
    // the login page says the session expired instead.
    const body = await readBody(response).catch(() => undefined);
    clearSession();
    goToLogin({ expired: true });
    return { ok: false, message: failureMessage(undefined, 401, body), status: 401 };
  }
  return outcomeOf(response, init, options);
}

/** The request with the token as its bearer; the error when no response arrived. */
async function send(url: string, init: AuthedRequest, token: string | null) {
  const headers: Record<string, string> = { ...init.headers };
  if (token) headers.Authorization = `bearer ${token}`;
  try {
    return await fetch(url, { ...init, headers });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function outcomeOf(
  response: Response | Error,
  init: AuthedRequest,
  options: FailureOptions,
  unauthorizedMessage?: string,
): Promise<FetchOutcome> {
  if (!(response instanceof Response)) {
    if (init.signal?.aborted) return { ok: false, message: '', aborted: true };
    return failed(failureMessage(options.message, undefined, undefined), undefined, options.quiet);
  }
  if (response.ok) return { ok: true, response };
  const body = await readBody(response).catch(() => undefined);
  if (response.status === 401 && unauthorizedMessage) {
    return failed(unauthorizedMessage, 401, options.quiet);
  }
  const quiet = options.quiet || (options.quietStatuses?.includes(response.status) ?? false);
  const message = failureMessage(options.message, response.status, body);
  reportFailure(message, quiet);
  const parsed = errorBody.safeParse(body);
  return {
    ok: false,
    message,
    status: response.status,
    ...(parsed.success ? { error: parsed.data } : {}),
  };
}
