// Inside the Shopify admin its own chrome replaces the top bar and the side navigation: App
// Bridge's navigation menu lists the side navigation's items (embedded-nav.ts says which and
// why flat), and its title bar names the page. The admin clicks these links when a
// menu item is chosen, so they are router links.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../lib/app-state.js';
import { embeddedNavItemFor, embeddedNavItems } from './embedded-nav.js';

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

export function EmbeddedChrome({ path }: { path: string }) {
  const { account } = useAppState();
  const items = embeddedNavItems(account?.isShowWaf === true);
  const title = embeddedNavItemFor(items, path)?.label ?? PRODUCT_NAME;
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
