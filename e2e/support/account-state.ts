// Puts a signed-in shop into the account states the admin reacts to (account flags, the app
// embed on or off, the granted scopes), through the same doors a person would use: the support
// back office and the platform (emulator) itself.
import type { Stack } from './stack.js';

export const DEMO = 'demo.myshopify.com';

export function setFlags(stack: Stack, values: Record<string, unknown>, shop = 'demo') {
  return stack.support('set', { shop, values });
}

async function emulator(stack: Stack, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${stack.emulatorUrl}/_emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${await res.text()}`);
}

/** The merchant turns the Gatehouse app embed on or off in the theme editor. */
export function setAppEmbed(stack: Stack, enabled: boolean, shop = DEMO) {
  return emulator(stack, `/shops/${shop}/app-embed`, { enabled });
}

/** The merchant changes the app's granted scopes on the platform. */
export function setScopes(stack: Stack, scopes: string[], shop = DEMO) {
  return emulator(stack, `/shops/${shop}/scopes`, { scopes });
}

/** Sets the platform's clock ("January 2, 2027"); null: the machine's clock again. */
export function setPlatformClock(stack: Stack, now: string | null) {
  return emulator(stack, '/clock', { now });
}

/** The platform revokes the shop's tokens: its access and refresh tokens are refused. */
export function revokeTokens(stack: Stack, shop = DEMO) {
  return emulator(stack, `/shops/${shop}/revoke-tokens`, {});
}
