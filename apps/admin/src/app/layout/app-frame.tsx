// The frame of every page outside the full-screen group: top bar with the logo, side
// navigation, footer and toasts (SPEC.md §2).
import { useCallback, useState, type ReactNode } from 'react';
import { Frame } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import logo from '../../assets/logo.svg';
import { AppFooter } from './app-footer.js';
import { AppTopBar } from './app-top-bar.js';
import { SideNavigation } from './side-navigation.js';
import { Toaster } from './toaster.js';

const frameLogo = {
  topBarSource: logo,
  contextualSaveBarSource: logo,
  width: 124,
  url: '/dashboard',
  accessibilityLabel: PRODUCT_NAME,
};

export function AppFrame({ path, children }: { path: string; children: ReactNode }) {
  const [mobileNavigation, setMobileNavigation] = useState(false);
  const toggleNavigation = useCallback(() => setMobileNavigation((open) => !open), []);
  const closeNavigation = useCallback(() => setMobileNavigation(false), []);

  return (
    <Frame
      logo={frameLogo}
      topBar={<AppTopBar onNavigationToggle={toggleNavigation} />}
      navigation={<SideNavigation location={path} onNavigate={closeNavigation} />}
      showMobileNavigation={mobileNavigation}
      onNavigationDismiss={toggleNavigation}
    >
      {children}
      <AppFooter />
      <Toaster />
    </Frame>
  );
}
