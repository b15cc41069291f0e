// The shell's dialogs in one place: the ones opened on demand through the shell-dialog store, the
// new-message dialog driven by the notification poll, and the rating popup driven by the rating
// check.
import { ExtensionInfoDialog } from '../../components/extension-info-dialog.js';
import { useAppState } from '../../lib/app-state.js';
import { closeShellDialog, useOpenShellDialog } from '../../lib/shell-dialogs.js';
import { RatingPopup } from '../rating/rating-popup.js';
import { ConfirmAppActivatedDialog } from './confirm-app-activated-dialog.js';
import { ContactDialog } from './contact-dialog.js';
import { NotificationDialog } from './notification-dialog.js';

export function ShellDialogs({ path }: { path: string }) {
  const open = useOpenShellDialog();
  const { account } = useAppState();
  const hasId = account?.id !== undefined && account.id !== '';
  return (
    <>
      <ContactDialog open={open === 'contact'} onClose={closeShellDialog} />
      <ConfirmAppActivatedDialog open={open === 'confirmActivated'} onClose={closeShellDialog} />
      <ExtensionInfoDialog open={open === 'extensionInfo'} onClose={closeShellDialog} />
      <NotificationDialog enabled={hasId} />
      <RatingPopup path={path} />
    </>
  );
}
