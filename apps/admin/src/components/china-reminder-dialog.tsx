// The Chinese-language reminder: blocking mainland-China visitors needs the app embed. "learn more"
// goes to /extensions; "don't remind again" stores the local flag (value 1). The Country Blocker
// opens it; `shouldShowChinaReminder` says when.
import { BlockStack, Modal, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { dismissChinaReminder, isChinaReminderDismissed } from '../lib/local-flags.js';
import { paths } from '../lib/pages.js';

/** Blocking China while the extension is off, unless the merchant said not to remind again. */
export function shouldShowChinaReminder(
  blocksChina: boolean,
  isExtensionEnabled: boolean,
): boolean {
  return blocksChina && !isExtensionEnabled && !isChinaReminderDismissed();
}

export function ChinaReminderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Activate the extension to block visitors from mainland China"
      primaryAction={{
        content: 'learn more',
        onAction: () => {
          onClose();
          void navigate(paths.extensions);
        },
      }}
      secondaryActions={[
        {
          content: "don't remind again",
          onAction: () => {
            dismissChinaReminder();
            onClose();
          },
        },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            Visitors from mainland China often reach your store over slow connections, so they may
            see your store before protection starts. Please activate the {PRODUCT_NAME} app
            extension in your Shopify Theme Editor so they are blocked as soon as the page starts
            loading.
          </Text>
          <p lang="zh-CN">
            从中国大陆访问您商店的访客网络通常较慢，可能在保护生效前看到店铺内容。请在 Shopify
            主题编辑器中启用 {PRODUCT_NAME} 应用扩展，以便在页面开始加载时立即拦截。
          </p>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
