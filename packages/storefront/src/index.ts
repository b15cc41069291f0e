// Entry point of gatehouse.js, loaded `async` by the app-embed block. Nothing here may throw
// into the store's page: every failure ends with the page revealed.
import { readConfig } from './config.js';
import { reveal } from './guard.js';
import { protect } from './protect.js';
import { VERSION } from './version.js';

declare global {
  interface Window {
    Gatehouse?: { readonly version: string };
  }
}

try {
  // A theme that renders the embed twice loads the script twice; only the first one runs.
  if (!window.Gatehouse) {
    window.Gatehouse = Object.freeze({ version: VERSION });
    const config = readConfig();
    if (config) protect(config).catch(reveal);
    else reveal();
  }
} catch {
  try {
    reveal();
  } catch {
    // Nothing left to do: the guard's CSS fallback reveals the page.
  }
}
