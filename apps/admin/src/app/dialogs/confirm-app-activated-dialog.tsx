// "Confirm App Activated", opened after "Activate" sent the merchant to the theme editor:
// "I confirm" reloads the page so the extension status is read again.
import { Modal, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/pages.js';

export function ConfirmAppActivatedDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Confirm App Activated"
      primaryAction={{ content: 'I confirm', onAction: () => window.location.reload() }}
      secondaryActions={[
        {
          content: 'Installation Guide',
          onAction: () => {
            onClose();
            void navigate(paths.extensions);
          },
        },
      ]}
    >
      <Modal.Section>
        <Text as="p" variant="headingMd">
          Have you successfully enabled the extension?
        </Text>
        <Text as="p">Please make sure to click the &apos;Save&apos; button after activation.</Text>
      </Modal.Section>
    </Modal>
  );
}
