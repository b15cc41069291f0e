// The sticky "Action Required" bar: "Activate" blinks every second, opens the theme editor with the
// app embed activated in a new window and then asks the merchant to confirm; "Installation Guide"
// explains the steps on /extensions. Under the text, what the store gets meanwhile: no protection.
// As a placeholder it takes its place unseen (nothing in it can be seen, read or clicked).
import { useEffect, useState } from 'react';
import { Banner, Box, Button, InlineStack, Text } from '@shopify/polaris';
import { InfoIcon } from '@shopify/polaris-icons';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { WITHOUT_EMBED_TEXT } from '../../features/extensions/without-embed-text.js';
import { isEmbedded } from '../../lib/app-bridge.js';
import { useAppState } from '../../lib/app-state.js';
import { ACTIVATE_BLINK_MS } from '../../lib/constants.js';
import { openShellDialog } from '../../lib/shell-dialogs.js';
import './bars.css';

export const ACTION_REQUIRED_TEXT =
  'Action Required: Please activate our app in your Shopify Theme Editor; otherwise, some features of our app will not function.';

function useBlink(periodMs: number): boolean {
  const [on, setOn] = useState(true);
  useEffect(() => {
    const timer = window.setInterval(() => setOn((value) => !value), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  return on;
}

export function ActionRequiredBar({ placeholder = false }: { placeholder?: boolean }) {
  const { account } = useAppState();
  const blinkOn = useBlink(ACTIVATE_BLINK_MS);

  const activate = () => {
    if (account) window.open(account.themeEditorUrl, '_blank', 'noopener');
    openShellDialog('confirmActivated');
  };

  return (
    <div
      className="gh-action-required"
      data-embedded={isEmbedded()}
      data-placeholder={placeholder}
      aria-hidden={placeholder || undefined}
    >
      <Banner tone="warning" hideIcon>
        <InlineStack align="space-between" blockAlign="center" gap="300" wrap>
          <Box maxWidth="720px">
            <Text as="p" fontWeight="semibold">
              {ACTION_REQUIRED_TEXT}
            </Text>
            <Text as="p">{WITHOUT_EMBED_TEXT}</Text>
          </Box>
          <InlineStack gap="200" blockAlign="center">
            <span className="gh-blink" data-on={blinkOn}>
              <Button variant="primary" onClick={activate}>
                Activate
              </Button>
            </span>
            <Button url="/extensions">Installation Guide</Button>
            <Button
              variant="tertiary"
              icon={InfoIcon}
              accessibilityLabel={`Why should you activate ${PRODUCT_NAME} Extension?`}
              onClick={() => openShellDialog('extensionInfo')}
            />
          </InlineStack>
        </InlineStack>
      </Banner>
    </div>
  );
}
