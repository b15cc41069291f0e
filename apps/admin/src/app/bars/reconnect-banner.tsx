// Shown on every page while Shopify refuses to renew the store's access (the grant was revoked
// or ran out): nothing Gatehouse does on Shopify works until the merchant signs in again, which
// gives Gatehouse a new token. "Reconnect" starts that sign-in for the store at once.
import { openTopLevel } from '../../lib/app-bridge.js';
import { Banner } from '@shopify/polaris';
import { useStartLogin } from '../../features/auth/api/use-start-login.js';

export const RECONNECT_TITLE = 'Reconnect Gatehouse to Shopify';
export const RECONNECT_TEXT =
  'Shopify no longer accepts Gatehouse’s access to your store, so Fraud Protect, order filters, the checkout block list and billing are paused. Sign in again to reconnect; your settings are kept.';

export function ReconnectBanner({ domain }: { domain: string }) {
  const startLogin = useStartLogin();
  const reconnect = async () => {
    const outcome = await startLogin.call({ domain });
    if (outcome.result) openTopLevel(outcome.data);
  };
  return (
    <Banner
      tone="critical"
      title={RECONNECT_TITLE}
      action={{
        content: 'Reconnect',
        loading: startLogin.isPending,
        onAction: () => void reconnect(),
      }}
    >
      <p>{RECONNECT_TEXT}</p>
    </Banner>
  );
}
