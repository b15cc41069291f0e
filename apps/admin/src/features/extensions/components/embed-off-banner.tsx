// The warning that the app embed turned off (a theme published, the embed switched off): the
// store is unprotected until it is on again. Shown on the dashboard and the Extensions page; its
// button opens the theme editor with the embed switched on, as the Extensions page's does.
import { Banner, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../../lib/app-state.js';
import { relativeTime } from '../../../lib/relative-time.js';
import { useClock } from '../../../lib/use-clock.js';
import { useAppEmbedWarning } from '../api/use-app-embed-warning.js';
import { WITHOUT_EMBED_TEXT } from '../without-embed-text.js';

export const EMBED_OFF_TITLE = `The ${PRODUCT_NAME} app embed was turned off`;

export function EmbedOffBanner() {
  const { account } = useAppState();
  const offSince = useAppEmbedWarning();
  const now = useClock();
  if (!offSince) return null;
  return (
    <div data-testid="embed-off-warning">
      <Banner
        tone="critical"
        title={EMBED_OFF_TITLE}
        action={{
          content: 'Activate in Theme Editor',
          disabled: !account,
          onAction: () => {
            if (account) window.open(account.themeEditorUrl, '_blank', 'noopener');
          },
        }}
      >
        <Text as="p">
          Your live theme stopped loading {PRODUCT_NAME} {relativeTime(offSince, now)}, after a
          theme was published or the embed was switched off. {WITHOUT_EMBED_TEXT}
        </Text>
      </Banner>
    </div>
  );
}
