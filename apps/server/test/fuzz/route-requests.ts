// Sends a route-table row's input the way its real callers do: the merchant's bearer token,
// the support key, a webhook signed over its raw body as the platform signs it, an OAuth
// callback query signed as the platform signs it, a form or a query string. Credentials can be
// left out or wrong. Every request comes from its own address, so per-IP rate limits never
// hide what lies behind them.
import { createHmac } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { queryHmac } from '../helpers/query-hmac.js';
import { API_SECRET, type TestApp } from '../helpers/test-app.js';
import type { FuzzRoute } from './route-table.js';

export type Credentials = 'valid' | 'missing' | 'wrong';

/** A body sent as it is, with its content type. */
export interface RawBody {
  type: string;
  payload: string | Buffer;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function queryOf(input: Record<string, unknown>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(input)) {
    query[key] = Array.isArray(value) ? value.map(asText) : asText(value);
  }
  return query;
}

/** The input as a query string or form body (a list repeats its key). */
export function encodeForm(input: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(queryOf(input))) {
    for (const v of [value].flat()) form.append(key, v);
  }
  return form.toString();
}

export function createRouteSender(t: TestApp, sessionToken: string) {
  let requests = 0;
  let webhookIds = 0;

  function nextAddress(): string {
    requests += 1;
    return `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
  }

  function credentialHeaders(route: FuzzRoute, credentials: Credentials): Record<string, string> {
    if (credentials === 'missing') return {};
    const valid = credentials === 'valid';
    if (route.auth === 'bearer') {
      return { authorization: `Bearer ${valid ? sessionToken : 'x'.repeat(43)}` };
    }
    if (route.auth === 'support') {
      return { authorization: `bearer ${valid ? t.config.supportApiKey : 'not-the-support-key'}` };
    }
    if (route.auth === 'firewall') {
      return { authorization: `Bearer ${valid ? t.config.firewall.key : 'x'.repeat(64)}` };
    }
    return {};
  }

  /** The platform's headers for a delivery of `input.topic` about `input.shop`, signed over `body`. */
  function webhookHeaders(
    input: Record<string, unknown>,
    body: string | Buffer,
    credentials: Credentials,
  ): Record<string, string> {
    const hmac = createHmac('sha256', credentials === 'valid' ? API_SECRET : 'not-the-secret')
      .update(body)
      .digest('base64');
    webhookIds += 1;
    return {
      'x-shopify-topic': asText(input.topic),
      'x-shopify-shop-domain': asText(input.shop),
      'x-shopify-webhook-id': `fuzz-${webhookIds}`,
      ...(credentials === 'missing' ? {} : { 'x-shopify-hmac-sha256': hmac }),
    };
  }

  function signedCallback(query: Record<string, string | string[]>, credentials: Credentials) {
    const params = { timestamp: String(Math.floor(Date.now() / 1000)), ...query };
    if (credentials === 'missing') return params;
    const flat = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
    );
    const secret = credentials === 'valid' ? API_SECRET : 'not-the-secret';
    return { ...params, hmac: queryHmac(secret, flat) };
  }

  function base(route: FuzzRoute, credentials: Credentials, url = route.path): InjectOptions {
    return {
      method: route.method,
      url: url === '/*' ? '/index.html' : url,
      headers: credentialHeaders(route, credentials),
      remoteAddress: nextAddress(),
    };
  }

  const withHeaders = (options: InjectOptions, headers: Record<string, string>): InjectOptions => ({
    ...options,
    headers: { ...(options.headers as Record<string, string>), ...headers },
  });

  /** Sends a (possibly mutated) plausible input of the row. */
  function send(
    route: FuzzRoute,
    input: Record<string, unknown>,
    credentials: Credentials = 'valid',
  ): Promise<LightMyRequestResponse> {
    const options = base(route, credentials);
    switch (route.input) {
      case 'none':
        return t.app.inject(options);
      case 'query': {
        const query = queryOf(input);
        return t.app.inject({
          ...options,
          query: route.auth === 'callback-hmac' ? signedCallback(query, credentials) : query,
        });
      }
      case 'json':
        return t.app.inject({
          ...withHeaders(options, { 'content-type': 'application/json' }),
          payload: JSON.stringify(input),
        });
      case 'form':
        return t.app.inject({
          ...withHeaders(options, { 'content-type': 'application/x-www-form-urlencoded' }),
          payload: encodeForm(input),
        });
      case 'webhook': {
        const body = asText(input.body);
        return t.app.inject({
          ...withHeaders(options, {
            'content-type': 'application/json',
            ...webhookHeaders(input, body, credentials),
          }),
          payload: body,
        });
      }
    }
  }

  /** Sends the row's plausible query with `odd` appended, as raw text (unsigned). */
  function sendQuery(route: FuzzRoute, input: Record<string, unknown>, odd: string) {
    const query = [encodeForm(input), odd].filter(Boolean).join('&');
    return t.app.inject(base(route, 'valid', `${route.path}?${query}`));
  }

  /** Sends a body as it is; a webhook's is signed, with the row's plausible headers. */
  function sendBody(route: FuzzRoute, input: Record<string, unknown>, body: RawBody) {
    const options = withHeaders(base(route, 'valid'), {
      'content-type': body.type,
      ...(route.input === 'webhook' ? webhookHeaders(input, body.payload, 'valid') : {}),
    });
    return t.app.inject({ ...options, payload: body.payload });
  }

  /** A webhook delivery with the given headers in place of the platform's. */
  function sendWebhook(input: Record<string, unknown>, headers: Record<string, string | null>) {
    const body = asText(input.body);
    const platform: Record<string, string> = webhookHeaders(input, body, 'valid');
    for (const [name, value] of Object.entries(headers)) {
      if (value === null) delete platform[name];
      else platform[name] = value;
    }
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { 'content-type': 'application/json', ...platform },
      payload: body,
      remoteAddress: nextAddress(),
    });
  }

  /** A GET of a raw path (the admin's files). */
  function sendPath(path: string) {
    return t.app.inject({ method: 'GET', url: path, remoteAddress: nextAddress() });
  }

  return { send, sendQuery, sendBody, sendWebhook, sendPath };
}
