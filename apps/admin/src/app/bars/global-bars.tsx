// The bars above every framed page: the reconnect banner, the version banner, the sticky
// "Action Required" bar (its place kept while it is expected) and the app-disabled warning, each
// by its rule.
import { Box } from '@shopify/polaris';
import { useAppState } from '../../lib/app-state.js';
import { useIsDesktop } from '../../lib/use-is-desktop.js';
import {
  showsActionRequiredBar,
  showsAppDisabledWarning,
  showsFooterExtensionBanner,
  showsReconnectBanner,
  reservesActionRequiredBar,
  type ShellState,
} from '../shell/bar-visibility.js';
import { VersionBanner } from '../version/version-banner.js';
import { ActionRequiredBar } from './action-required-bar.js';
import { AppDisabledWarning } from './app-disabled-warning.js';
import { FooterExtensionBanner } from './footer-extension-banner.js';
import { ReconnectBanner } from './reconnect-banner.js';

function useShellState(path: string): ShellState {
  const { account, isExtensionEnabled, shellLoaded, lastSeenExtensionOff } = useAppState();
  const isDesktop = useIsDesktop();
  return {
    path,
    account,
    isExtensionEnabled,
    loaded: shellLoaded,
    lastSeenExtensionOff,
    isDesktop,
  };
}

export function TopBars({ path }: { path: string }) {
  const state = useShellState(path);
  return (
    <>
      {showsReconnectBanner(state) && state.account && (
        <Box paddingInline="400" paddingBlockStart="400">
          <ReconnectBanner domain={state.account.domain} />
        </Box>
      )}
      {showsActionRequiredBar(state) && <ActionRequiredBar />}
      {reservesActionRequiredBar(state) && <ActionRequiredBar placeholder />}
      <VersionBanner />
      {showsAppDisabledWarning(state) && (
        <Box paddingInline="400" paddingBlockStart="400">
          <AppDisabledWarning />
        </Box>
      )}
    </>
  );
}

export function BottomBars({ path }: { path: string }) {
  const state = useShellState(path);
  return showsFooterExtensionBanner(state) ? <FooterExtensionBanner /> : null;
}
