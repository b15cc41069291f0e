// The Upgrade dialog: the caller supplies the title, the status (banner tone), the message title
// and body; "Start Free Trial" leads to /subscription.
import type { ReactNode } from 'react';
import { Banner, Modal, type BannerProps } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { paths } from '../lib/pages.js';

export interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  status: NonNullable<BannerProps['tone']>;
  messageTitle?: string;
  children: ReactNode;
}

export function UpgradeDialog({
  open,
  onClose,
  title,
  status,
  messageTitle,
  children,
}: UpgradeDialogProps) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={{
        content: 'Start Free Trial',
        onAction: () => {
          onClose();
          void navigate(paths.subscription);
        },
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <Banner tone={status} {...(messageTitle ? { title: messageTitle } : {})}>
          {children}
        </Banner>
      </Modal.Section>
    </Modal>
  );
}
