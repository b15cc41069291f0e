// The decision endpoint's query check, written out by hand for the hot path. A well-formed
// query (what the storefront script always sends) is accepted with a few typeof/length tests
// and one shop-domain test; anything else goes through the contract's zod schema, so every
// refusal carries exactly the contract's message and the same 400 as the other calls.
import { decideQuery, isShopDomain, textProblem } from '@gatehouse/contracts';

export interface DecideInput {
  shop: string;
  url: string;
  ref: string;
  t: string | undefined;
  d: string | undefined;
  /** This browser session already had its geolocation redirect, or answered its prompt. */
  redirected: boolean;
}

// The limits of `decideQuery` in @gatehouse/contracts; decide-query.test.ts checks that both
// agree on inputs at and past each limit.
const URL_MAX = 2048;
const REF_MAX = 2048;
const TOKEN_MAX = 512;

const optionalText = (value: unknown, max: number): value is string | undefined =>
  value === undefined || (typeof value === 'string' && value.length <= max);

// The page URL and referrer are stored in the visitor log and shown to the merchant: control
// characters (NUL included), broken UTF-16 and text-direction overrides send the query to the
// contract, which refuses it. The field name is not needed to tell clean from not.
const clean = (text: string) => textProblem(text, '') === null;

/** The validated query, or throws the contract's ZodError (→ 400 with its first message). */
export function parseDecideQuery(query: unknown): DecideInput {
  const q = (query ?? {}) as Record<string, unknown>;
  const { shop, url, ref, t, d, g } = q;
  if (
    typeof shop === 'string' &&
    typeof url === 'string' &&
    url.length <= URL_MAX &&
    optionalText(ref, REF_MAX) &&
    clean(url) &&
    (ref === undefined || clean(ref)) &&
    optionalText(t, TOKEN_MAX) &&
    optionalText(d, TOKEN_MAX) &&
    (g === undefined || g === '1') &&
    isShopDomain(shop)
  ) {
    return { shop, url, ref: ref ?? '', t, d, redirected: g === '1' };
  }
  const parsed = decideQuery.parse(query);
  return {
    shop: parsed.shop,
    url: parsed.url,
    ref: parsed.ref,
    t: parsed.t,
    d: parsed.d,
    redirected: parsed.g === '1',
  };
}
