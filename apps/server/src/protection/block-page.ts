// The block page a blocked visitor sees, from General Settings or these defaults.
import type { BlockPage } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { protectionSettings, type ProtectionSettingsRow } from '../db/protection-schema.js';

export const DEFAULT_BLOCK_PAGE: Readonly<BlockPage> = Object.freeze({
  title: 'Access denied',
  message:
    'Sorry, this store is not available to you. If you think this is a mistake, please contact the store.',
  backgroundColor: '#ffffff',
  textColor: '#202223',
  logoUrl: null,
});

export const DEFAULT_TIMEOUT_MS = 2500;

export function blockPageOf(settings: ProtectionSettingsRow | null): BlockPage {
  return {
    title: settings?.blockTitle ?? DEFAULT_BLOCK_PAGE.title,
    message: settings?.blockMessage ?? DEFAULT_BLOCK_PAGE.message,
    backgroundColor: settings?.blockBackgroundColor ?? DEFAULT_BLOCK_PAGE.backgroundColor,
    textColor: settings?.blockTextColor ?? DEFAULT_BLOCK_PAGE.textColor,
    logoUrl: settings?.blockLogoUrl ?? null,
  };
}

/** The block page the shop's visitors see now. */
export async function loadBlockPage(db: Database, shopId: string): Promise<BlockPage> {
  const [settings] = await db
    .select()
    .from(protectionSettings)
    .where(eq(protectionSettings.shopId, shopId));
  return blockPageOf(settings ?? null);
}
