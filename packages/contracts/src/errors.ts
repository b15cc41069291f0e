// A refused request's answer, the same for every 4xx of the API:
// - `Message` says it all in one sentence (what every caller shows);
// - `code` names the kind of failure, one of `errorCodes`, for a caller to act on without
//   reading the sentence;
// - `issues` lists the problems one by one, each with the path of what it is about in the
//   request (["match", "groups", 0, "conditions", 1, "value"], or into the rule set the
//   engine refused, ["rules", 3, "ip"]), the checker's own code for it (the schema's, like
//   `too_small`, or the engine's, like `invalidIp`) and the problem in words; empty when the
//   refusal is not about any one part of the request.
import { z } from 'zod';

/** Every kind of failure the API answers; a code, once given, keeps its meaning. */
export const errorCodes = [
  /** The request asked for something the server refuses, said in `Message`. */
  'bad_request',
  /** The body or query does not fit the call's schema; `issues` has each problem. */
  'invalid_input',
  /** The rules sent do not compile; `issues` has each problem the engine found. */
  'invalid_rules',
  /** The body is not JSON (or not the JSON the call reads). */
  'invalid_json',
  /** The body is not sent as JSON. */
  'unsupported_media_type',
  /** The address cannot be decoded. */
  'bad_url',
  /** No valid session (or key) came with the request. */
  'unauthorized',
  /** The caller may not do this: the plan lacks the feature, or a limit is reached. */
  'forbidden',
  'not_found',
  /** The thing is not in a state that allows it. */
  'conflict',
  /** The answer cannot be given in the form asked for. */
  'not_acceptable',
  /** The request took too long to arrive. */
  'request_timeout',
  'payload_too_large',
  'headers_too_large',
  'too_many_requests',
  /** The caller left before the answer was ready. */
  'client_closed',
  /** Shopify did not answer, or refused, so nothing was done. */
  'platform_unavailable',
  /** Data the server needs could not be loaded for now. */
  'unavailable',
  /** Something failed on the server; its details stay in the server's logs. */
  'internal',
] as const;

export const errorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCode>;

export const errorIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof errorIssue>;

export const errorBody = z.object({
  Message: z.string(),
  code: errorCode,
  issues: z.array(errorIssue),
});
export type ErrorBody = z.infer<typeof errorBody>;
