// The floating "Contact us" chat toggle: opens the contact dialog, closes it when it is open.
import { Button } from '@shopify/polaris';
import { ChatIcon } from '@shopify/polaris-icons';
import {
  closeShellDialog,
  openContactDialog,
  useOpenShellDialog,
} from '../../lib/shell-dialogs.js';
import './bars.css';

export function FloatingContactButton() {
  const open = useOpenShellDialog() === 'contact';
  return (
    <div className="gh-floating-contact">
      <Button
        variant="primary"
        size="large"
        icon={ChatIcon}
        pressed={open}
        onClick={open ? closeShellDialog : openContactDialog}
      >
        Contact us
      </Button>
    </div>
  );
}
