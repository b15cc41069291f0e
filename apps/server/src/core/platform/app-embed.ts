// Reads whether the Gatehouse app embed is switched on from a theme's
// config/settings_data.json: Shopify prefixes that file with a /* */
// comment, and an embed counts as on when its block entry exists and is not disabled.
export const APP_EMBED_HANDLE = 'app-embed';

/** Removes the leading block comment Shopify writes before the JSON. */
export function stripLeadingComment(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('/*')) return trimmed;
  const end = trimmed.indexOf('*/');
  return end === -1 ? '' : trimmed.slice(end + 2);
}

export function isAppEmbedEnabled(settingsData: string, blockHandle = APP_EMBED_HANDLE): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripLeadingComment(settingsData));
  } catch {
    return false;
  }
  const current = (parsed as { current?: unknown } | null)?.current;
  if (!current || typeof current !== 'object') return false;
  const blocks = (current as { blocks?: unknown }).blocks;
  if (!blocks || typeof blocks !== 'object') return false;
  return Object.values(blocks as Record<string, unknown>).some((block) => {
    if (!block || typeof block !== 'object') return false;
    const { type, disabled } = block as { type?: unknown; disabled?: unknown };
    return (
      typeof type === 'string' &&
      type.startsWith('shopify://apps/') &&
      type.includes(`/blocks/${blockHandle}/`) &&
      disabled !== true
    );
  });
}
