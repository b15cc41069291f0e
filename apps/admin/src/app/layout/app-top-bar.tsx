// The top bar (SPEC.md §2 "Top bar"): navigation toggle on small screens and the user menu
// with the account and store names. The logo comes from the Frame. A legacy account's menu
// does not open.
import { useCallback, useState } from 'react';
import { TopBar } from '@shopify/polaris';
import { useAppState } from '../../lib/app-state.js';

export function AppTopBar({ onNavigationToggle }: { onNavigationToggle: () => void }) {
  const { account } = useAppState();
  const [menuOpen, setMenuOpen] = useState(false);
  const canOpen = account !== undefined && !account.islegacyAccount;
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);

  const storeName = account?.shopName ?? '';
  const userMenu = (
    <TopBar.UserMenu
      name={account?.name ?? storeName}
      detail={storeName}
      initials={(account?.name || storeName).charAt(0).toUpperCase()}
      actions={[{ items: [{ content: 'Subscription', url: '/subscription' }] }]}
      open={canOpen && menuOpen}
      onToggle={canOpen ? toggleMenu : () => undefined}
    />
  );

  return (
    <TopBar showNavigationToggle userMenu={userMenu} onNavigationToggle={onNavigationToggle} />
  );
}
