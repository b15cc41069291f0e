// The top bar: navigation toggle on small screens, "Write a review:" with five stars (desktop,
// rating routes, no review left yet), the "Contact us" toggle on small screens, and the user menu with the account and store names and its one
// action, "Subscription". A legacy account's menu does not open. The logo comes from the Frame and
// links to /dashboard.
import { useCallback, useState } from 'react';
import { InlineStack, Text, TopBar } from '@shopify/polaris';
import { useAppState } from '../../lib/app-state.js';
import { useIsDesktop } from '../../lib/use-is-desktop.js';
import { TopBarContactButton } from '../bars/floating-contact-button.js';
import { RatingStars } from '../rating/rating-stars.js';
import { useRate } from '../rating/use-rate.js';
import { showsReviewStars } from '../shell/bar-visibility.js';
import { paths } from '../../lib/pages.js';

function ReviewPrompt() {
  const rate = useRate();
  return (
    <div className="gh-review-prompt">
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <Text as="span" variant="bodyMd" tone="text-inverse">
          Write a review:
        </Text>
        <RatingStars lit={0} onRate={rate} />
      </InlineStack>
    </div>
  );
}

export function AppTopBar({
  path,
  onNavigationToggle,
}: {
  path: string;
  onNavigationToggle: () => void;
}) {
  const { account, isExtensionEnabled, shellLoaded } = useAppState();
  const isDesktop = useIsDesktop();
  const [menuOpen, setMenuOpen] = useState(false);
  const canOpen = account !== undefined && !account.islegacyAccount;
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);

  const storeName = account?.shopName ?? '';
  const userMenu = (
    <TopBar.UserMenu
      name={account?.name ?? storeName}
      detail={storeName}
      initials={(account?.name || storeName).charAt(0).toUpperCase()}
      actions={[{ items: [{ content: 'Subscription', url: paths.subscription }] }]}
      open={canOpen && menuOpen}
      onToggle={canOpen ? toggleMenu : () => undefined}
    />
  );

  const stars = showsReviewStars({
    path,
    account,
    isExtensionEnabled,
    loaded: shellLoaded,
    isDesktop,
  });

  return (
    <TopBar
      showNavigationToggle
      userMenu={userMenu}
      secondaryMenu={stars ? <ReviewPrompt /> : <TopBarContactButton />}
      onNavigationToggle={onNavigationToggle}
    />
  );
}
