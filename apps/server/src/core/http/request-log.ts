// What the request log says about a request. One-time sign-in and personate links and storefront
// device tokens are credentials: whoever reads them in a log could open the account or pass the
// shop's rules, so they are replaced before the line is written.
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Path segments that are one-time tokens: `/loginComplete/<token>`, `/personate/<token>`. */
const TOKEN_SEGMENT = /^(\/(?:loginComplete|personate)\/)[^/?#]+/;
/** Query parameters that carry a secret: the device token and the OAuth code. */
const SECRET_PARAMS = new Set(['d', 'code']);

/** The URL with every token in its path or query replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(TOKEN_SEGMENT, `$1${REDACTED}`);
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.has(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** The logger's request serializer: Fastify's default fields, the URL redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
