// The app-disabled warning: all protection is paused by the merchant's own setting; "Settings"
// leads to where it is turned back on.
import { Banner } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/pages.js';

export const APP_DISABLED_TEXT = 'Based on your settings, all functions are temporarily suspended.';

export function AppDisabledWarning() {
  const navigate = useNavigate();
  return (
    <Banner
      tone="warning"
      action={{ content: 'Settings', onAction: () => void navigate(paths.settings) }}
    >
      <p>{APP_DISABLED_TEXT}</p>
    </Banner>
  );
}
