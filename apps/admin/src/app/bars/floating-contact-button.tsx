// The "Contact us" chat toggle: opens the contact dialog, closes it when it is open. It never
// covers page content or a navigation item: on a desktop screen it floats at the foot of the
// side navigation, in a strip the navigation's scrolling list stops above; on a phone it sits in
// the top bar as a round icon, beside the user menu. Inside the Shopify admin, which has neither,
// it sits at the foot of the page, after the footer.
import { Button, Tooltip } from '@shopify/polaris';
import { ChatIcon } from '@shopify/polaris-icons';
import {
  closeShellDialog,
  openContactDialog,
  useOpenShellDialog,
} from '../../lib/shell-dialogs.js';
import { useIsDesktop } from '../../lib/use-is-desktop.js';
import './bars.css';

const LABEL = 'Contact us';

function ContactToggle({ place }: { place: 'navigation' | 'top-bar' | 'embedded' }) {
  const open = useOpenShellDialog() === 'contact';
  const button = {
    variant: 'primary',
    icon: ChatIcon,
    pressed: open,
    onClick: open ? closeShellDialog : openContactDialog,
  } as const;
  return (
    <div className="gh-contact-toggle" data-place={place}>
      {place !== 'top-bar' ? (
        <Button {...button} size="large">
          {LABEL}
        </Button>
      ) : (
        <Tooltip content={LABEL} preferredPosition="below">
          <Button {...button} accessibilityLabel={LABEL} />
        </Tooltip>
      )}
    </div>
  );
}

/** The desktop toggle, floating at the foot of the side navigation. */
export function FloatingContactButton() {
  return useIsDesktop() ? <ContactToggle place="navigation" /> : null;
}

/** The phone's toggle, in the top bar. */
export function TopBarContactButton() {
  return useIsDesktop() ? null : <ContactToggle place="top-bar" />;
}

/** The toggle inside the Shopify admin's frame, on every screen. */
export function EmbeddedContactButton() {
  return <ContactToggle place="embedded" />;
}
