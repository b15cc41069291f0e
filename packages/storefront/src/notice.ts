// The small confirmation the merchant looks for after toggling Admin Access from the admin
// ("You should be able to see a pop-up on your website…"): fixed on top, gone after 5 s.

export const NOTICE_MS = 5000;

export function showNotice(message: string): void {
  const notice = document.createElement('div');
  notice.id = 'gatehouse-notice';
  notice.setAttribute('role', 'status');
  notice.textContent = message;
  notice.style.cssText =
    'position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:2147483647;' +
    'visibility:visible;max-width:90vw;padding:12px 20px;border-radius:8px;background:#1a1a1a;' +
    'color:#fff;font:500 14px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25)';
  (document.body || document.documentElement).appendChild(notice);
  setTimeout(() => notice.remove(), NOTICE_MS);
}
