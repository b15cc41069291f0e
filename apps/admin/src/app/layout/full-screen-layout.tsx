// The frame of the full-screen group (login, login completion, impersonation, the unsupported-store
// page, the privacy policy): no navigation, top bar or footer.
import type { ReactNode } from 'react';
import { Frame } from '@shopify/polaris';
import { Toaster } from './toaster.js';

export function FullScreenLayout({ children }: { children: ReactNode }) {
  return (
    <Frame>
      {children}
      <Toaster />
    </Frame>
  );
}
