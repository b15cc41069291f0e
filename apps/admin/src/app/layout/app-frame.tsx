// The frame of every page outside the full-screen group: top bar with the logo, side navigation (a
// toggle at 768 px and below), the global bars, the footer, the floating "Contact us" toggle, the
// shell's dialogs and toasts. Inside the Shopify admin, the admin's own chrome stands in for the
// top bar and the side navigation (embedded-chrome.tsx); the bars that belong to a page and the
// "Contact us" toggle stay. The page's place is at least a screen high, so the footer and
// what follows it start below the first screen and never move while a page fills in.
import { useCallback, useState, type ReactNode } from 'react';
import { Frame } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import logo from '../../assets/logo.svg';
import { EmbeddedContactButton, FloatingContactButton } from '../bars/floating-contact-button.js';
import { BottomBars, TopBars } from '../bars/global-bars.js';
import { ShellDialogs } from '../dialogs/shell-dialogs.js';
import { AppFooter } from './app-footer.js';
import { isEmbedded } from '../../lib/app-bridge.js';
import { AppTopBar } from './app-top-bar.js';
import { EmbeddedChrome } from './embedded-chrome.js';
import { SideNavigation } from './side-navigation.js';
import { Toaster } from './toaster.js';
import './app-frame.css';
import { paths } from '../../lib/pages.js';

const frameLogo = {
  topBarSource: logo,
  contextualSaveBarSource: logo,
  width: 124,
  url: paths.dashboard,
  accessibilityLabel: PRODUCT_NAME,
};

export function AppFrame({ path, children }: { path: string; children: ReactNode }) {
  const [mobileNavigation, setMobileNavigation] = useState(false);
  const toggleNavigation = useCallback(() => setMobileNavigation((open) => !open), []);
  const closeNavigation = useCallback(() => setMobileNavigation(false), []);

  if (isEmbedded()) {
    return (
      <Frame>
        <EmbeddedChrome path={path} />
        <TopBars path={path} />
        <div className="gh-page" data-embedded="true">
          {children}
        </div>
        <BottomBars path={path} />
        <AppFooter />
        <EmbeddedContactButton />
        <ShellDialogs path={path} />
        <Toaster />
      </Frame>
    );
  }
  return (
    <Frame
      logo={frameLogo}
      topBar={<AppTopBar path={path} onNavigationToggle={toggleNavigation} />}
      navigation={<SideNavigation location={path} onNavigate={closeNavigation} />}
      showMobileNavigation={mobileNavigation}
      onNavigationDismiss={closeNavigation}
    >
      <TopBars path={path} />
      <div className="gh-page">{children}</div>
      <BottomBars path={path} />
      <AppFooter />
      <FloatingContactButton />
      <ShellDialogs path={path} />
      <Toaster />
    </Frame>
  );
}
