// The CSV export in progress: visits and bytes read so far, an indeterminate spinner until the
// answer says how much is coming, then a bar; Cancel stops the download.
import { BlockStack, InlineStack, Modal, ProgressBar, Spinner, Text } from '@shopify/polaris';
import { percentDone, progressText, type ExportProgress } from '../export-progress.js';

export function ExportModal({
  open,
  progress,
  onCancel,
}: {
  open: boolean;
  progress: ExportProgress | null;
  onCancel: () => void;
}) {
  const percent = progress ? percentDone(progress) : null;
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Exporting visits"
      secondaryActions={[{ content: 'Cancel', onAction: onCancel }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {percent === null ? (
            <InlineStack gap="200" blockAlign="center">
              <Spinner size="small" accessibilityLabel="Exporting" />
              <Text as="p">{progress ? 'Reading visits…' : 'Preparing the export…'}</Text>
            </InlineStack>
          ) : (
            <ProgressBar progress={percent} size="small" tone="primary" />
          )}
          <Text as="p" tone="subdued" aria-live="polite">
            {progress ? progressText(progress) : 'Waiting for the server…'}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
