// Session tokens as the platform's admin mints them for an embedded app (App Bridge's
// `shopify.idToken()`): a JWT signed HS256 with the app's client secret, naming the shop's admin
// as issuer, the shop as destination, the app's client id as audience and the staff user as
// subject, valid from its minting for one minute. The token endpoint takes them back in a token
// exchange, checked the same way (with a few seconds of clock leeway, like the platform).
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { EmulatorContext } from '../context.js';

export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const SESSION_TOKEN_SECONDS = 60;
const LEEWAY_SECONDS = 5;

/** The staff user every admin page acts as: the shop's owner. */
export const OWNER_USER_ID = '1';

function key(context: EmulatorContext): Uint8Array {
  return new TextEncoder().encode(context.app.clientSecret);
}

export interface MintOptions {
  userId?: string;
  /** Minted at this platform time (ms); the platform's clock by default. */
  at?: number;
}

export async function mintSessionToken(
  context: EmulatorContext,
  shop: string,
  options: MintOptions = {},
): Promise<string> {
  const iat = Math.floor((options.at ?? context.tokens.now()) / 1000);
  return new SignJWT({
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: context.app.clientId,
    sub: options.userId ?? OWNER_USER_ID,
    sid: randomUUID(),
    sig: randomBytes(32).toString('hex'),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + SESSION_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(key(context));
}

/** The shop a session token of this app names, when it is good now on the platform's clock. */
export async function sessionTokenShop(
  context: EmulatorContext,
  token: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(context), {
      algorithms: ['HS256'],
      audience: context.app.clientId,
      clockTolerance: LEEWAY_SECONDS,
      currentDate: new Date(context.tokens.now()),
    });
    const dest = typeof payload.dest === 'string' ? new URL(payload.dest).hostname : null;
    if (!dest || payload.iss !== `https://${dest}/admin`) return null;
    return dest;
  } catch {
    return null;
  }
}
