// The block page a blocked visitor sees, from General Settings or these defaults.
import { DEFAULT_BLOCK_PAGE, type BlockPage } from '@gatehouse/contracts';
import type { ProtectionSettingsRow } from '../../../db/protection-schema.js';

export { DEFAULT_BLOCK_PAGE, DEFAULT_TIMEOUT_MS } from '@gatehouse/contracts';

export function blockPageOf(settings: ProtectionSettingsRow | null): BlockPage {
  return {
    title: settings?.blockTitle ?? DEFAULT_BLOCK_PAGE.title,
    message: settings?.blockMessage ?? DEFAULT_BLOCK_PAGE.message,
    backgroundColor: settings?.blockBackgroundColor ?? DEFAULT_BLOCK_PAGE.backgroundColor,
    textColor: settings?.blockTextColor ?? DEFAULT_BLOCK_PAGE.textColor,
    logoUrl: settings?.blockLogoUrl ?? null,
  };
}
