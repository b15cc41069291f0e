// The critical "refresh with Ctrl+F5" banner: shown when the server reports a deployed admin build
// other than the one running here; dismissible. The development server has no build id to compare,
// so it never shows there.
import { useState } from 'react';
import { Banner, Box } from '@shopify/polaris';
import { useDeployedVersion } from './use-deployed-version.js';
import { isOutdated } from './version-rules.js';

export const RUNNING_BUILD_ID = import.meta.env.ADMIN_BUILD_ID;
export const VERSION_BANNER_TEXT =
  'A new version of the app is available. Please refresh the page with Ctrl+F5 (Cmd+Shift+R on Mac) to load it.';

export function VersionBanner() {
  const deployed = useDeployedVersion(!import.meta.env.DEV);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!isOutdated(RUNNING_BUILD_ID, deployed) || dismissed === deployed) return null;
  return (
    <Box paddingInline="400" paddingBlockStart="400">
      <Banner
        tone="critical"
        title="New version available"
        onDismiss={() => setDismissed(deployed)}
      >
        <p>{VERSION_BANNER_TEXT}</p>
      </Banner>
    </Box>
  );
}
