// Polaris renders every `url` through this component: in-app paths become router links (no
// page reload), absolute URLs (the platform admin, the storefront) stay plain anchors.
import { forwardRef, type AnchorHTMLAttributes, type ComponentProps } from 'react';
import { Link } from 'react-router';
import type { AppProviderProps } from '@shopify/polaris';

type LinkLikeComponentProps = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>;

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

export const RouterLink = forwardRef<HTMLAnchorElement, LinkLikeComponentProps>(function RouterLink(
  { url, external, target, children, download: _download, ...rest },
  ref,
) {
  const attributes = rest as AnchorHTMLAttributes<HTMLAnchorElement>;
  if (external || ABSOLUTE_URL.test(url)) {
    const opensTab = external || target === '_blank';
    return (
      <a
        {...attributes}
        ref={ref}
        href={url}
        target={opensTab ? '_blank' : target}
        rel={opensTab ? 'noopener noreferrer' : undefined}
      >
        {children}
      </a>
    );
  }
  return (
    <Link {...attributes} ref={ref} to={url} target={target}>
      {children}
    </Link>
  );
});
