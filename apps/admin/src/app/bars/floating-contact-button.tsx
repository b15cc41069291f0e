// The floating "Contact us" chat toggle: opens the contact dialog, closes it when it is open.
// It floats where it covers no page content: at the foot of the side navigation on a desktop
// screen, and as a round icon in the corner on a phone (where the page ends with room for it).
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

export function FloatingContactButton() {
  const open = useOpenShellDialog() === 'contact';
  const isDesktop = useIsDesktop();
  const button = {
    variant: 'primary',
    size: 'large',
    icon: ChatIcon,
    pressed: open,
    onClick: open ? closeShellDialog : openContactDialog,
  } as const;
  return (
    <div className="gh-floating-contact" data-desktop={isDesktop}>
      {isDesktop ? (
        <Button {...button}>{LABEL}</Button>
      ) : (
        <Tooltip content={LABEL} preferredPosition="above">
          <Button {...button} accessibilityLabel={LABEL} />
        </Tooltip>
      )}
    </div>
  );
}
