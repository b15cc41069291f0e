// The side navigation, in the product's order and with its labels to the letter. The Firewall
// section exists only for accounts with isShowWaf; its list blockers' items carry their pages'
// titles (which start with "Firewall"), so they are not mistaken for the storefront's. The
// Bot Blocker, which has no item of its own in the list, sits under "Bot(VPN/Proxy) Blocker" and
// shows there while either page is open (on a phone, while the VPN/Proxy page is). "Contact Us" opens the contact dialog. Collapses
// behind the top bar's toggle at 768 px and below (Polaris Frame). Its items show once the
// account is in, all at once: "Back to Shopify" and the Firewall section depend on it, and
// added later they would push every item under them down.
import { Badge, Box, InlineStack, Navigation, Text, useBreakpoints } from '@shopify/polaris';
import { ArrowLeftIcon, ChatIcon, HomeIcon, QuestionCircleIcon } from '@shopify/polaris-icons';
import { firewallListBlockers, listBlockers } from '@gatehouse/contracts';
import { useAppState } from '../../lib/app-state.js';
import { openContactDialog } from '../../lib/shell-dialogs.js';
import { pageTitles, paths } from '../../lib/pages.js';
import { backToUrl } from '../shell/back-to-url.js';

export interface NavItem {
  label: string;
  url: string;
  matchPaths?: string[];
  subNavigationItems?: { label: string; url: string }[];
}

export const general: NavItem[] = [
  { label: pageTitles.dashboard, url: paths.dashboard },
  { label: pageTitles.visitors, url: paths.visitors },
  { label: pageTitles.settings, url: paths.settings },
  { label: pageTitles.extensions, url: paths.extensions },
];

export const storefrontBlockers: NavItem[] = [
  { label: pageTitles.regionBlocker, url: paths.regionBlocker },
  { label: pageTitles.ipBlocker, url: paths.ipBlocker },
  {
    label: 'Bot(VPN/Proxy) Blocker',
    url: paths.vpnBlocker,
    subNavigationItems: [{ label: pageTitles.botBlocker, url: paths.botBlocker }],
  },
  { label: pageTitles.checkoutValidate, url: paths.checkoutValidate },
  { label: 'Block Lists(Legacy)', url: paths.blockLists },
  ...listBlockers.map((mf) => ({ label: mf.title, url: mf.page })),
];

export const firewall: NavItem[] = [
  { label: pageTitles.firewallSettings, url: paths.firewallSettings },
  ...firewallListBlockers.map((mf) => ({ label: mf.title, url: mf.page })),
  { label: pageTitles.firewallUrlBlocker, url: paths.firewallUrlBlocker },
  { label: pageTitles.firewallAccessLog, url: paths.firewallAccessLog },
];

export const orderFilters: NavItem[] = [
  { label: pageTitles.fraudProtect, url: paths.fraudProtect },
  {
    label: pageTitles.blacklists,
    url: paths.blacklists,
    matchPaths: [paths.blacklists, '/blackLists'],
  },
];

export const otherTools: NavItem[] = [
  { label: pageTitles.contentProtect, url: paths.contentProtect },
  { label: pageTitles.redirect, url: paths.redirect },
  { label: pageTitles.iplookup, url: paths.iplookup },
];

interface Props {
  location: string;
  /** Closes the navigation on small screens once an item is chosen. */
  onNavigate: () => void;
}

export function SideNavigation({ location, onNavigate }: Props) {
  const { account, accountLoading } = useAppState();
  const { mdDown } = useBreakpoints();
  const items = (list: NavItem[]) =>
    list.map(({ subNavigationItems, ...item }) => ({
      ...item,
      onClick: onNavigate,
      // On a small screen a tap on an item with sub-items only unfolds them: there they are
      // given only on the item's own page, where a tap has nowhere else to go.
      ...(subNavigationItems && (!mdDown || location.toLowerCase() === item.url.toLowerCase())
        ? { subNavigationItems: subNavigationItems.map((sub) => ({ ...sub, onClick: onNavigate })) }
        : {}),
    }));

  if (accountLoading) return <Navigation location={location} />;
  return (
    <Navigation location={location}>
      {account && (
        <Navigation.Section
          items={[
            { label: 'Back to Shopify', url: backToUrl(account.adminUrl), icon: ArrowLeftIcon },
          ]}
        />
      )}
      <Navigation.Section
        items={items(general).map((item, i) => (i === 0 ? { ...item, icon: HomeIcon } : item))}
      />
      <Navigation.Section title="Storefront Blockers" items={items(storefrontBlockers)} />
      {account?.isShowWaf && (
        <>
          <Box paddingBlockStart="400" paddingInlineStart="500">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h3" variant="bodySm" fontWeight="medium" tone="subdued">
                Firewall
              </Text>
              <Badge tone="info" size="small">
                NEW
              </Badge>
            </InlineStack>
          </Box>
          <Navigation.Section items={items(firewall)} />
        </>
      )}
      <Navigation.Section title="Order Filters" items={items(orderFilters)} />
      <Navigation.Section title="Other Tools" items={items(otherTools)} />
      <Navigation.Section
        separator
        items={[
          {
            label: 'Contact Us',
            icon: ChatIcon,
            onClick: () => {
              onNavigate();
              openContactDialog();
            },
          },
          { label: 'FAQ', url: paths.faq, icon: QuestionCircleIcon, onClick: onNavigate },
        ]}
      />
    </Navigation>
  );
}
