// Registers one call of the contracts' `api` table: the request schema validates the body
// (POST) or query (GET), a session is required unless the call is public, and the handler's
// answer is checked against the response schema before it is sent as bare JSON; every request
// also passes the contracts' hygiene check (no control or bidi characters, no prototype keys,
// in any string or key however deep). A call that names a plan feature is refused with 403
// for a plan without it (plan-gates.ts). A body or query the schema refuses is answered with
// the first problem's message and every problem with its path, for a form to show each. A
// change made under impersonation, or by a staff user inside the platform's admin, is
// audit-logged with who made it.
import { requestHygieneProblem, type ApiCall } from '@gatehouse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { audit } from '../audit.js';
import { badRequest, invalidInput, issuesOf } from '../errors.js';
import type { RequestSession } from '../sessions/sessions.js';
import { requireFeature } from '../plan-gates.js';
import { shopOfSession } from '../shops.js';

export interface RouteContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session; present on every call that is not public. */
  session: RequestSession;
}

export interface RouteOptions {
  /** Calls that change state: audit-logged under impersonation and for a platform staff user. */
  mutates?: boolean;
  config?: RouteShorthandOptions['config'];
  /** A body limit of its own, for a call whose body may be larger than the app's. */
  bodyLimit?: number;
}

export function route<Req extends z.ZodType, Res extends z.ZodType>(
  app: FastifyInstance,
  call: ApiCall<Req, Res>,
  handler: (input: z.infer<Req>, ctx: RouteContext) => Promise<z.infer<Res>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: call.method,
    url: call.path,
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const session = call.public ? null : await app.authenticate(request);
      if (session && call.feature)
        requireFeature(await shopOfSession(app.db, session), call.feature);
      const raw = call.method === 'GET' ? request.query : request.body;
      const input = parseInput(call, raw ?? {});
      // Whatever the schema let through, no string or key anywhere in the request may carry
      // control or bidi characters or reach into an object's prototype.
      const problem = requestHygieneProblem(raw);
      if (problem) throw badRequest(problem);
      const ctx = { request, reply, session } as RouteContext;
      const result = await handler(input, ctx);
      const body = call.response.parse(result);
      if (session?.impersonated && options.mutates) {
        await audit(app.db, {
          shopId: session.shopId,
          actor: 'support',
          impersonated: true,
          action: `call ${call.path}`,
          detail: { input: input as unknown },
        });
      } else if (session?.staffUserId && options.mutates) {
        await audit(app.db, {
          shopId: session.shopId,
          actor: 'merchant',
          action: `call ${call.path}`,
          detail: { staffUserId: session.staffUserId },
        });
      }
      // Bare JSON even for strings: the admin reads the body as `data`.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
    },
  });
}

function parseInput<Req extends z.ZodType>(call: ApiCall<Req, z.ZodType>, raw: unknown) {
  const parsed = call.request.safeParse(raw);
  if (parsed.success) return parsed.data as z.infer<Req>;
  const issues = issuesOf(parsed.error);
  throw invalidInput(issues[0]?.message ?? 'The request is not valid.', issues);
}

/**
 * The same hygiene check for routes outside the contract table: a 400 when any string or key
 * of the query or the body carries control or bidi characters or reaches into a prototype.
 */
export function assertCleanRequest(request: FastifyRequest): void {
  const problem = requestHygieneProblem(request.query) ?? requestHygieneProblem(request.body);
  if (problem) throw badRequest(problem);
}
