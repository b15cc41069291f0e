// The items of App Bridge's navigation menu, from the side navigation's own lists. The Shopify
// admin's app menu is flat: it has no sections, no headings and no nested items, and every item
// is a link. So the menu keeps the side navigation's order section by section (the Firewall
// items only when the account shows them), a sub-item follows its parent as an item of its own,
// and the items that are not pages stay out: "Back to" the platform (the merchant is in it) and
// "Contact Us" (a dialog, opened from the button at the foot of the page).
import {
  firewall,
  general,
  orderFilters,
  otherTools,
  storefrontBlockers,
  type NavItem,
} from './side-navigation.js';
import { paths } from '../../lib/pages.js';

const FAQ: NavItem = { label: 'FAQ', url: paths.faq };

export function embeddedNavItems(showFirewall: boolean): NavItem[] {
  const sections = [
    general,
    storefrontBlockers,
    showFirewall ? firewall : [],
    orderFilters,
    otherTools,
    [FAQ],
  ];
  return sections
    .flat()
    .flatMap(({ subNavigationItems, ...item }) => [item, ...(subNavigationItems ?? [])]);
}

/** The item the page at `path` belongs to, for the title bar. */
export function embeddedNavItemFor(items: NavItem[], path: string): NavItem | undefined {
  const lower = path.toLowerCase();
  return items.find((item) =>
    [item.url, ...(item.matchPaths ?? [])].some((url) => lower.startsWith(url.toLowerCase())),
  );
}
