// Bearer-token authentication: `Authorization: bearer <token>` (any case of "bearer") names
// a live session; request.session carries its shop. Anything else is a 401.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.js';
import { findSession, type RequestSession } from '../sessions/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<RequestSession>;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('session', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token || token.length > 200) throw unauthorized();
      const session = await findSession(app.db, token);
      if (!session) throw unauthorized();
      request.session = session;
      return session;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
