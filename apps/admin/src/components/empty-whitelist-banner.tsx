// "Empty Country Whitelist": whitelist mode without countries is invalid and lets every visit
// through. The dashboard links to the Country Blocker; the Country Blocker shows it without the
// link, above the list being edited.
import { Banner } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { paths } from '../lib/pages.js';

export function EmptyWhitelistBanner({ withAction = true }: { withAction?: boolean }) {
  const navigate = useNavigate();
  return (
    <Banner
      tone="critical"
      title="Empty Country Whitelist"
      {...(withAction
        ? {
            action: {
              content: 'Modify Whitelist',
              onAction: () => void navigate(paths.regionBlocker),
            },
          }
        : {})}
    >
      <p>
        Your Country Blocker is in whitelist mode but its whitelist has no countries. This
        configuration is treated as invalid, and all visits will be permitted.
      </p>
    </Banner>
  );
}
