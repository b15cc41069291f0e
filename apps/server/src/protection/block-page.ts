// The block page a blocked visitor sees, from General Settings or these defaults.
import { DEFAULT_BLOCK_PAGE, type BlockPage } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../core/db/client.js';
import { generalSettings, type GeneralSettingsRow } from './protection-schema.js';

export { DEFAULT_BLOCK_PAGE, DEFAULT_TIMEOUT_MS } from '@gatehouse/contracts';

export function blockPageOf(settings: GeneralSettingsRow | null): BlockPage {
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
    .from(generalSettings)
    .where(eq(generalSettings.shopId, shopId));
  return blockPageOf(settings ?? null);
}
