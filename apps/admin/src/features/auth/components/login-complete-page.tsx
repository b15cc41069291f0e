// /loginComplete/:token: trades the token the OAuth callback issued for a
// session, then sends a new account to /subscription and anyone else to /dashboard.
import { useNavigate, useParams } from 'react-router';
import { useAppState } from '../../../lib/app-state.js';
import { useCompleteLogin } from '../api/use-complete-login.js';
import { useTokenExchange } from '../use-token-exchange.js';
import { SessionStart } from './session-start.js';
import { paths } from '../../../lib/pages.js';

export function LoginCompletePage() {
  const { token = '' } = useParams();
  const { startSession } = useAppState();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();

  const failure = useTokenExchange(async () => {
    const outcome = await completeLogin.call({ id: token });
    if (!outcome.result) return outcome.message;
    await startSession(outcome.data.token);
    navigate(outcome.data.isNew ? paths.subscription : paths.dashboard, { replace: true });
    return null;
  });

  return <SessionStart failure={failure} />;
}
