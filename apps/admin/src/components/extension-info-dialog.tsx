// "Why should you activate Gatehouse Extension?": why the app embed matters, and OK.
import { Modal } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { ExtensionExplanation } from './extension-explanation.js';

export function ExtensionInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Why should you activate ${PRODUCT_NAME} Extension?`}
      primaryAction={{ content: 'OK', onAction: onClose }}
    >
      <Modal.Section>
        <ExtensionExplanation />
      </Modal.Section>
    </Modal>
  );
}
