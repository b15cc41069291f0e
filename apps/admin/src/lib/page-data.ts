// A page's first data calls, named once, in the page's feature: the page's hooks read them, and
// the router starts them as the app opens on the page, alongside the account call, instead of
// after the account and the page's chunk have arrived. The early call is asked for quietly (a
// failure shows no toast): its answer becomes the page's data unless the page has some, and a
// failure is left to the page's own query, which asks again and reports it.
import type { CallName, RequestOf } from '@gatehouse/contracts';
import { prefetchApiQuery } from './api-query.js';

/** Starts a page's first calls; `search` is the address's query string. */
export type PageData = (search: string) => void;

/** The calls that take no parameters. */
type ParameterlessCall = {
  [N in CallName]: Record<never, never> extends RequestOf<N> ? N : never;
}[CallName];

/** A page's one first call: a settings read with no parameters. */
export interface SettingsRead<N extends ParameterlessCall> {
  call: N;
  /** Starts the call early; the page's hook for `call` finds the answer waiting. */
  prefetch: PageData;
}

export function settingsRead<N extends ParameterlessCall>(call: N): SettingsRead<N> {
  // N takes no parameters, so the empty request is its request.
  return { call, prefetch: () => void prefetchApiQuery(call, {} as RequestOf<N>) };
}
