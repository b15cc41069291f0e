// Inside the Shopify admin its own chrome replaces the top bar and the side navigation: App
// Bridge's navigation menu lists the side navigation's items, in its order, from the same
// lists (sections flattened: the admin's menu has none; the Firewall items only when the
// account shows them), and its title bar names the page. The admin clicks these links when a
// menu item is chosen, so they are router links.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../lib/app-state.js';
import {
  firewall,
  general,
  orderFilters,
  otherTools,
  storefrontBlockers,
  type NavItem,
} from './side-navigation.js';

export type CustomElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ui-nav-menu': CustomElementProps;
      'ui-title-bar': CustomElementProps & { title?: string };
    }
  }
}

const FAQ: NavItem = { label: 'FAQ', url: '/faq' };

export function embeddedNavItems(showFirewall: boolean): NavItem[] {
  return [
    ...general,
    ...storefrontBlockers,
    ...(showFirewall ? firewall : []),
    ...orderFilters,
    ...otherTools,
    FAQ,
  ];
}

function matches(item: NavItem, path: string): boolean {
  const lower = path.toLowerCase();
  return [item.url, ...(item.matchPaths ?? [])].some((url) => lower.startsWith(url.toLowerCase()));
}

export function EmbeddedChrome({ path }: { path: string }) {
  const { account } = useAppState();
  const items = embeddedNavItems(account?.isShowWaf === true);
  const title = items.find((item) => matches(item, path))?.label ?? PRODUCT_NAME;
  return (
    <>
      <ui-nav-menu>
        <Link to="/dashboard" rel="home">
          {PRODUCT_NAME}
        </Link>
        {items.map((item) => (
          <Link key={item.url} to={item.url}>
            {item.label}
          </Link>
        ))}
      </ui-nav-menu>
      <ui-title-bar title={title} />
    </>
  );
}
