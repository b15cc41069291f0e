// The token exchange of a session token: an embedded app trades the session token App Bridge
// gave it for the installation's offline token (an expiring pair with `expiring=1`). The
// session token must be this app's, good now, and name the shop the request is made to; the app
// must be installed there (a managed installation installs it before the admin opens it). Only
// offline tokens are emulated: a request for an online token is refused, saying so.
import type { EmulatorContext } from '../context.js';
import {
  INVALID_GRANT,
  issueTokens,
  OFFLINE_TOKEN_TYPE,
  tokenAnswer,
  type TokenAnswer,
} from '../oauth/offline-tokens.js';
import type { InstallationRecord } from '../state/types.js';
import { sessionTokenShop } from './session-tokens.js';

type Answer =
  | { status: 200; body: TokenAnswer }
  | { status: 400; body: { error: string; error_description: string } };

export async function sessionTokenGrant(
  context: EmulatorContext,
  shop: string,
  installation: InstallationRecord | undefined,
  text: (key: string) => string,
): Promise<Answer> {
  if (text('requested_token_type') !== OFFLINE_TOKEN_TYPE) {
    return {
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: `Only offline access tokens are available here: requested_token_type ${OFFLINE_TOKEN_TYPE}`,
      },
    };
  }
  const tokenShop = await sessionTokenShop(context, text('subject_token'));
  if (tokenShop !== shop) {
    return {
      status: 400,
      body: {
        error: 'invalid_subject_token',
        error_description: 'The session token is invalid, expired or not for this shop',
      },
    };
  }
  if (!installation) {
    return { status: 400, body: INVALID_GRANT('The app is not installed on this shop') };
  }
  issueTokens(context, installation, text('expiring') === '1');
  installation.grants ??= { authorizationCode: 0, refresh: 0, migration: 0 };
  installation.grants.sessionToken = (installation.grants.sessionToken ?? 0) + 1;
  context.store.save();
  return { status: 200, body: tokenAnswer(context, installation) };
}
