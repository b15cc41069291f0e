// /personate/:token: support staff open a store's admin with a one-time link;
// the session is flagged as impersonated.
import { useNavigate, useParams } from 'react-router';
import { useAppState } from '../../../lib/app-state.js';
import { usePersonate } from '../api/use-personate.js';
import { useTokenExchange } from '../use-token-exchange.js';
import { SessionStart } from './session-start.js';
import { paths } from '../../../lib/pages.js';

export function PersonatePage() {
  const { token = '' } = useParams();
  const { startSession } = useAppState();
  const navigate = useNavigate();
  const personate = usePersonate();

  const failure = useTokenExchange(async () => {
    const outcome = await personate.call({ id: token });
    if (!outcome.result) return outcome.message;
    await startSession(outcome.data, { impersonated: true });
    navigate(paths.dashboard, { replace: true });
    return null;
  });

  return <SessionStart failure={failure} />;
}
