// Content protection: the merchant's switches, applied in this page. They make copying a
// store's text and images harder for an ordinary visitor; they cannot stop someone who turns
// scripts off, reads the page source through other means, or takes a screenshot. Form fields
// stay usable (a visitor can still type, select and paste their own text).
const EDITABLE = 'input,textarea,select,[contenteditable=""],[contenteditable="true"]';

function editable(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(EDITABLE) != null;
}

function stop(event: Event): void {
  if (!editable(event.target)) event.preventDefault();
}

function style(css: string): void {
  const node = document.createElement('style');
  node.textContent = css;
  document.head.appendChild(node);
}

/** Keys with Ctrl (or ⌘): save, print, view source, select all. */
const SHORTCUT_KEYS = 'spua';
/** With Ctrl+Shift (or ⌘+⌥): the developer tools' inspector, console and element picker. */
const DEVTOOLS_KEYS = 'ijc';

/** In a frame of another origin; the theme editor, which frames the store, is let be. */
function framedByOtherSite(): boolean {
  if (window.top === window.self) return false;
  if ((window as { Shopify?: { designMode?: boolean } }).Shopify?.designMode) return false;
  try {
    return window.top!.location.origin !== location.origin;
  } catch {
    return true;
  }
}

export function protectContent(switches: string[]): void {
  const on = (name: string) => switches.includes(name);
  if (on('rightClick')) addEventListener('contextmenu', stop, true);
  if (on('select')) {
    addEventListener('selectstart', stop, true);
    style(
      'body :not(input,textarea,select,[contenteditable]){-webkit-user-select:none;user-select:none}',
    );
  }
  if (on('copy')) {
    addEventListener('copy', stop, true);
    addEventListener('cut', stop, true);
  }
  if (on('drag')) {
    addEventListener(
      'dragstart',
      (e) => {
        if (e.target instanceof HTMLImageElement) e.preventDefault();
      },
      true,
    );
    style('img{-webkit-user-drag:none}');
  }
  if (on('shortcuts') || on('devtools')) {
    addEventListener(
      'keydown',
      (e) => {
        const key = e.key.toLowerCase();
        const mod = e.ctrlKey || e.metaKey;
        const shortcut = mod && !e.shiftKey && SHORTCUT_KEYS.includes(key) && key.length == 1;
        const devtools =
          key == 'f12' ||
          (mod && (e.shiftKey || e.altKey) && DEVTOOLS_KEYS.includes(key) && key.length == 1);
        if (
          (on('shortcuts') && shortcut && !(key == 'a' && editable(e.target))) ||
          (on('devtools') && devtools)
        ) {
          e.preventDefault();
          e.stopPropagation();
        }
      },
      true,
    );
  }
  if (on('frame') && framedByOtherSite()) {
    // Browsers let a frame move its parent only after a click, so the page also hides itself.
    document.documentElement.style.display = 'none';
    try {
      window.top!.location.href = location.href;
    } catch {
      // Refused: the framing site shows an empty frame.
    }
  }
}
