// Switches faults on and off over HTTP (/_emulator/faults) and applies them to the app-facing
// API: the hook runs before anything else on a request, as a failing network or edge would,
// so a hung or failing request is never authenticated or executed. THROTTLED is applied by
// the GraphQL route itself, after the query is read, because the platform reports the cost.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { shopParam } from '../shop-scope.js';
import { faultInput, type FaultEndpoint } from './faults.js';

const ENDPOINT_ROUTES: Record<string, FaultEndpoint> = {
  '/shops/:shop/admin/api/:version/graphql.json': 'graphql',
  '/shops/:shop/admin/oauth/access_token': 'access-token',
};

/** The platform's answer to a client over its rate limit. */
export const RATE_LIMITED_BODY = {
  errors:
    'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
};

/** The name of a GraphQL request's operation: `operationName`, else the first one named. */
export function operationName(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { operationName: named, query } = body as { operationName?: unknown; query?: unknown };
  if (typeof named === 'string' && named !== '') return named;
  if (typeof query !== 'string') return undefined;
  return /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1];
}

/** Requests carried out whose answer is then dropped with the connection. */
const lostAnswers = new WeakSet<FastifyRequest>();

/**
 * Hooks for the shop scope: hang, slow, 429 or 5xx when a fault says so. `onRequest` applies
 * the faults for any request, `preValidation` those for one named GraphQL operation, `onSend`
 * drops the answer of a request a lost-answer fault let through.
 */
export function applyFaults(context: EmulatorContext) {
  return {
    onSend: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!lostAnswers.has(request)) return;
      reply.hijack();
      request.raw.socket?.destroy();
    },
    onRequest: (request: FastifyRequest, reply: FastifyReply) =>
      applyFault(context, request, reply, false),
    preValidation: (request: FastifyRequest, reply: FastifyReply) =>
      applyFault(context, request, reply, true),
  };
}

async function applyFault(
  context: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyRead: boolean,
) {
  const endpoint = ENDPOINT_ROUTES[request.routeOptions.url ?? ''];
  if (!endpoint) return;
  let operation: string | undefined;
  if (bodyRead) {
    operation = endpoint === 'graphql' ? operationName(request.body) : undefined;
    if (operation === undefined) return;
  }
  const fault = context.faults.take(shopParam(request), endpoint, operation);
  if (!fault) return;
  const { spec } = fault;
  switch (spec.kind) {
    case 'hang':
      // Accepted and never answered: the connection stays open until the fault is removed.
      reply.hijack();
      context.faults.hold(fault.id, request.raw);
      return reply;
    case 'slow':
      await context.faults.wait(spec.delayMs);
      return;
    case 'lost-answer':
      // Carried out as usual; only the answer never arrives.
      lostAnswers.add(request);
      return;
    case 'rate-limited':
      return reply
        .code(429)
        .header('retry-after', String(spec.retryAfterSeconds))
        .send(RATE_LIMITED_BODY);
    case 'server-error':
      return reply.code(spec.status).send({ errors: 'Internal Server Error' });
    case 'throttled':
      return;
  }
}

/** The GraphQL answer when the shop's cost bucket cannot pay for the query. */
export function throttledBody(
  requestedQueryCost: number,
  fault: { currentlyAvailable: number; restoreRate: number },
  maximumAvailable: number,
) {
  return {
    errors: [
      {
        message: 'Throttled',
        extensions: {
          code: 'THROTTLED',
          documentation: 'https://shopify.dev/api/usage/rate-limits',
        },
      },
    ],
    extensions: {
      cost: {
        requestedQueryCost,
        actualQueryCost: null,
        throttleStatus: {
          maximumAvailable,
          currentlyAvailable: fault.currentlyAvailable,
          restoreRate: fault.restoreRate,
        },
      },
    },
  };
}

export async function faultRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.get('/_emulator/faults', async () => ({ faults: context.faults.list() }));

  app.post('/_emulator/faults', async (request, reply) => {
    const body = faultInput.safeParse(request.body);
    if (!body.success) {
      const issue = body.error.issues[0];
      return reply.code(400).send({
        error: `Bad fault: ${issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : ''}`,
      });
    }
    return reply.code(201).send(context.faults.add(body.data));
  });

  app.delete('/_emulator/faults/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!context.faults.remove(id)) return reply.code(404).send({ error: `No fault ${id}` });
    return { removed: id };
  });

  app.delete('/_emulator/faults', async () => {
    context.faults.clear();
    return { cleared: true };
  });
}
