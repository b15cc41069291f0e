// Entry point of gatehouse-extras.js, the second asset: loaded by gatehouse.js only on page
// views that show a geolocation redirect's prompt, apply content protection or block (the
// access request form), so the core
// script every store loads stays small. It only defines `window.GatehouseExtras`.
import type { Extras } from '../extras-loader.js';
import { showAccessForm } from './access-request.js';
import { protectContent } from './content-protection.js';
import { showRedirectPrompt } from './redirect-prompt.js';

if (!window.GatehouseExtras) {
  const extras: Extras = {
    prompt: showRedirectPrompt,
    protect: protectContent,
    access: showAccessForm,
  };
  window.GatehouseExtras = Object.freeze(extras);
}
