// The guard is the inline `<style id="gatehouse-guard">` the app-embed block renders: it hides
// the page before first paint and carries a CSS fallback that reveals it after the time-out.
// Revealing removes it; keeping the page hidden for good (a redirect is on its way) replaces
// it with a rule that has no fallback.

const GUARD_ID = 'gatehouse-guard';

export function reveal(): void {
  document.getElementById(GUARD_ID)?.remove();
}

/** Hides the page with no time-out, so a slow redirect never shows the store. */
export function keepHidden(): void {
  const guard = document.getElementById(GUARD_ID);
  if (guard) guard.textContent = 'html{visibility:hidden!important}';
}
