// POST /shops/:shop/admin/api/:version/graphql.json: checks the API version and the access token,
// runs the query against the Admin schema and answers with Shopify's envelope, including the cost
// extension (or THROTTLED when a test switched that on). Every answer names the version it was
// answered as in X-Shopify-API-Version: a retired version falls forward to the oldest supported.
import type { FastifyInstance } from 'fastify';
import { execute, parse, validate, GraphQLError, type DocumentNode } from 'graphql';
import type { EmulatorContext } from '../context.js';
import { operationName, throttledBody } from '../control/fault-routes.js';
import { installationByToken } from '../installations.js';
import { shopParam } from '../shop-scope.js';
import type { RequestContext } from './domain.js';
import { answeredApiVersion } from './api-versions.js';
import { queryCost } from './query-cost.js';
import { adminSchema, rootValue } from './schema.js';

const MAX_AVAILABLE = 2000;
const RESTORE_RATE = 100;

export const INVALID_TOKEN = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};

function costExtension(cost: number | null) {
  return {
    cost: {
      requestedQueryCost: cost,
      actualQueryCost: cost,
      throttleStatus: {
        maximumAvailable: MAX_AVAILABLE,
        currentlyAvailable: MAX_AVAILABLE - (cost ?? 0),
        restoreRate: RESTORE_RATE,
      },
    },
  };
}

export async function graphqlRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.addContentTypeParser('application/graphql', { parseAs: 'string' }, (_request, body, done) =>
    done(null, { query: body }),
  );

  app.post('/admin/api/:version/graphql.json', async (request, reply) => {
    const asked = (request.params as { version: string }).version;
    const version = answeredApiVersion(asked, new Date());
    if (!version) return reply.code(404).send({ errors: 'Not Found' });
    reply.header('X-Shopify-API-Version', version);
    const domain = shopParam(request);
    const token = request.headers['x-shopify-access-token'];
    const installation =
      typeof token === 'string' ? installationByToken(context, domain, token) : null;
    const shop = context.store.shop(domain);
    if (!installation || !shop) return reply.code(401).send(INVALID_TOKEN);

    const body = (request.body ?? {}) as {
      query?: unknown;
      variables?: unknown;
      operationName?: unknown;
    };
    if (typeof body.query !== 'string' || body.query.trim() === '') {
      return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    }
    const variables =
      body.variables && typeof body.variables === 'object'
        ? (body.variables as Record<string, unknown>)
        : {};
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (error) {
      const graphqlError = error instanceof GraphQLError ? error : new GraphQLError(String(error));
      return reply.send({ errors: [graphqlError.toJSON()], extensions: costExtension(null) });
    }
    const validationErrors = validate(adminSchema, document);
    if (validationErrors.length > 0) {
      return reply.send({
        errors: validationErrors.map((error) => error.toJSON()),
        extensions: costExtension(null),
      });
    }
    const throttle = context.faults.takeThrottle(domain, operationName(body));
    if (throttle) {
      const cost = queryCost(adminSchema, document, variables);
      return reply.send(throttledBody(cost, throttle, MAX_AVAILABLE));
    }
    const contextValue: RequestContext = {
      emulator: context,
      shop,
      installation,
      apiVersion: version,
      variables,
    };
    const result = await execute({
      schema: adminSchema,
      document,
      rootValue: rootValue(),
      contextValue,
      variableValues: variables,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
    });
    return reply.send({
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors ? { errors: result.errors.map((error) => error.toJSON()) } : {}),
      extensions: costExtension(queryCost(adminSchema, document, variables)),
    });
  });
}
