// The admin page around an embedded app: the admin's top bar, the app's navigation menu (what
// the app declares with <ui-nav-menu>), its title bar (<ui-title-bar>), toasts, and the app in
// a frame. The page's script is App Bridge's other half: it answers the stand-in's messages
// from the framed app's origin only (a session token from the platform, a toast, the declared
// chrome, a top-level navigation) and tells the app which nav item was chosen.
import { html, raw } from '@gatehouse/html';
import { documentHead } from '../html/admin-layout.js';

export interface EmbeddedAdminPage {
  appName: string;
  shopName: string;
  frameUrl: string;
  idTokenUrl: string;
  homeUrl: string;
}

const STYLES = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;font-size:14px;color:#303030;background:#f1f1f1;display:flex;flex-direction:column}
.topbar{height:56px;flex:none;background:#1a1a1a;color:#fff;display:flex;align-items:center;justify-content:space-between;padding:0 16px;font-weight:650}
.topbar a{color:#e3e3e3;text-decoration:none}
.body{flex:1;display:flex;min-height:0}
nav.admin-nav{width:240px;flex:none;background:#ebebeb;padding:12px 8px;overflow:auto}
nav.admin-nav .app{font-weight:650;padding:6px 8px}
nav.admin-nav button{display:block;width:100%;text-align:left;border:0;background:none;font:inherit;padding:6px 8px 6px 20px;border-radius:8px;cursor:pointer;color:#303030}
nav.admin-nav button:hover,nav.admin-nav button[aria-current="page"]{background:#fafafa}
.app-area{flex:1;display:flex;flex-direction:column;min-width:0}
.title-bar{height:48px;flex:none;display:flex;align-items:center;padding:0 16px;font-weight:650;background:#fff;border-bottom:1px solid #e3e3e3}
iframe{flex:1;border:0;width:100%;background:#fff}
@media (max-width:768px){.body{flex-direction:column}nav.admin-nav{width:auto;display:flex;align-items:center;overflow-x:auto;white-space:nowrap;padding:4px 8px}#app-nav-items{display:flex}nav.admin-nav button{width:auto;padding:6px 10px}}
#toasts{position:fixed;bottom:24px;left:50%;transform:translateX(-50%);display:flex;flex-direction:column;gap:8px;align-items:center}
.toast{background:#1a1a1a;color:#fff;border-radius:10px;padding:10px 16px;font-weight:550}
.toast.error{background:#c70a24}
`;

const SCRIPT = `(function () {
  var frame = document.getElementById('app-frame');
  var appOrigin = new URL(frame.src).origin;
  var config = JSON.parse(document.getElementById('admin-config').textContent);
  var nav = document.getElementById('app-nav-items');
  var title = document.getElementById('app-title');
  function send(message) {
    message.source = 'emulator-admin';
    frame.contentWindow.postMessage(message, appOrigin);
  }
  function toast(message, isError) {
    var el = document.createElement('div');
    el.className = 'toast' + (isError ? ' error' : '');
    el.setAttribute('role', 'status');
    el.textContent = message;
    document.getElementById('toasts').appendChild(el);
    setTimeout(function () { el.remove(); }, 5000);
  }
  function renderChrome(chrome) {
    nav.textContent = '';
    chrome.menu.forEach(function (item) {
      if (item.home) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = item.label;
      button.dataset.href = item.href;
      // The item is named by its link, not its place: the app's menu may have changed since.
      button.addEventListener('click', function () { send({ type: 'nav-click', href: item.href }); });
      nav.appendChild(button);
    });
    title.textContent = chrome.title || config.appName;
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.source !== 'app-bridge') return;
    if (data.type === 'id-token') {
      fetch(config.idTokenUrl, { method: 'POST' })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(new Error('HTTP ' + r.status)); })
        .then(function (body) { send({ type: 'answer', id: data.id, result: body.token }); })
        .catch(function (error) { send({ type: 'answer', id: data.id, error: String(error.message) }); });
    } else if (data.type === 'toast') {
      toast(data.payload.message, data.payload.isError);
    } else if (data.type === 'chrome') {
      renderChrome(data.payload);
    } else if (data.type === 'navigate') {
      var url = new URL(data.payload.url);
      if (url.protocol === 'http:' || url.protocol === 'https:') window.location.assign(url.href);
    }
  });
})();`;

export function embeddedAdminPage(page: EmbeddedAdminPage): string {
  const config = JSON.stringify({ appName: page.appName, idTokenUrl: page.idTokenUrl }).replace(
    /</g,
    '\\u003c',
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        ${documentHead(`${page.appName} · ${page.shopName}`, STYLES)}
      </head>
      <body>
        <header class="topbar">
          <a href="${page.homeUrl}">Shopify · ${page.shopName}</a>
          <span>Local platform emulator</span>
        </header>
        <div class="body">
          <nav class="admin-nav" aria-label="App navigation">
            <div class="app">${page.appName}</div>
            <div id="app-nav-items"></div>
          </nav>
          <div class="app-area">
            <div class="title-bar" id="app-title">${page.appName}</div>
            <iframe id="app-frame" title="${page.appName}" src="${page.frameUrl}"></iframe>
          </div>
        </div>
        <div id="toasts"></div>
        <script type="application/json" id="admin-config">
          ${raw(config)}
        </script>
        <script>
          ${raw(SCRIPT)};
        </script>
      </body>
    </html>`.value;
}
