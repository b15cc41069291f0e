// GET /app-bridge.js: a stand-in for Shopify's App Bridge, served at the emulator's origin and
// loaded by the app inside the emulator's admin frame. It offers what Gatehouse uses, over
// postMessage to the admin page that frames it (embedded-admin-page.ts), which does the work:
// `shopify.idToken()` (a session token minted by the platform, as on Shopify, kept until shortly
// before it expires), `shopify.toast`, `shopify.config`, the nav menu (`<s-app-nav>` or
// `<ui-nav-menu>`) and `<ui-title-bar>` elements (read from the app's page and shown in the
// admin's chrome; a nav item chosen in the admin clicks the app's own link) and top-level
// navigation (`open(url, '_top')` leaves the frame). Messages are exchanged with the parent
// only, and only at the emulator's origin.
import type { FastifyInstance } from 'fastify';

export const APP_BRIDGE_PATH = '/app-bridge.js';

const SCRIPT = String.raw`(function () {
  'use strict';
  if (window.shopify) return;
  var current = document.currentScript;
  var adminOrigin = new URL(current.src).origin;
  var params = new URLSearchParams(location.search);
  var keyMeta = document.querySelector('meta[name="shopify-api-key"]');
  // App Bridge's menu: the current <s-app-nav> or the older <ui-nav-menu>, links as <a> or <s-link>.
  var NAV_LINKS = 'ui-nav-menu a, s-app-nav a, s-app-nav s-link';
  var pending = new Map();
  var seq = 0;

  function post(message) {
    message.source = 'app-bridge';
    window.parent.postMessage(message, adminOrigin);
  }
  function ask(type, payload) {
    return new Promise(function (resolve, reject) {
      var id = ++seq;
      var timer = setTimeout(function () {
        pending.delete(id);
        reject(new Error('The admin did not answer ' + type));
      }, 10000);
      pending.set(id, { resolve: resolve, reject: reject, timer: timer });
      post({ id: id, type: type, payload: payload || null });
    });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== adminOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.source !== 'emulator-admin') return;
    if (data.type === 'answer') {
      var waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      clearTimeout(waiting.timer);
      if (data.error) waiting.reject(new Error(data.error));
      else waiting.resolve(data.result);
    } else if (data.type === 'nav-click') {
      var link = Array.prototype.find.call(document.querySelectorAll(NAV_LINKS), function (a) {
        return (a.getAttribute('href') || '') === data.href;
      });
      if (link) link.click();
    }
  });

  // The nav menu and title bar the page declares, sent whenever they change.
  function declared() {
    var menu = [];
    document.querySelectorAll(NAV_LINKS).forEach(function (a) {
      menu.push({ label: a.textContent.trim(), href: a.getAttribute('href') || '', home: a.getAttribute('rel') === 'home' });
    });
    var bar = document.querySelector('ui-title-bar');
    return { menu: menu, title: bar ? bar.getAttribute('title') || '' : '' };
  }
  var last = '';
  function report() {
    var now = JSON.stringify(declared());
    if (now === last) return;
    last = now;
    post({ type: 'chrome', payload: JSON.parse(now) });
  }
  new MutationObserver(report).observe(document.documentElement, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  document.addEventListener('DOMContentLoaded', report);

  // Leaving the frame: the admin moves the whole window.
  var nativeOpen = window.open.bind(window);
  window.open = function (url, target, features) {
    if (target === '_top' || target === '_parent') {
      post({ type: 'navigate', payload: { url: new URL(String(url), location.href).href } });
      return null;
    }
    return nativeOpen(url, target, features);
  };

  // As Shopify's App Bridge does, a session token is kept until shortly before it expires, and
  // calls made while one is being fetched share that one.
  var cached = null;
  var fetching = null;
  function expiresAt(token) {
    try {
      var payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(atob(payload)).exp * 1000;
    } catch (error) {
      return 0;
    }
  }
  function idToken() {
    if (cached && cached.expiresAt - Date.now() > 10000) return Promise.resolve(cached.token);
    if (!fetching) {
      fetching = ask('id-token')
        .then(function (token) {
          cached = { token: token, expiresAt: expiresAt(token) };
          return token;
        })
        .finally(function () { fetching = null; });
    }
    return fetching;
  }

  var style = document.createElement('style');
  style.textContent = 'ui-nav-menu,s-app-nav,ui-title-bar{display:none}';
  document.head.appendChild(style);

  window.shopify = {
    config: {
      apiKey: keyMeta ? keyMeta.content : '',
      shop: params.get('shop') || '',
      host: params.get('host') || '',
      locale: params.get('locale') || 'en',
    },
    idToken: idToken,
    toast: {
      show: function (message, options) {
        post({ type: 'toast', payload: { message: String(message), isError: !!(options && options.isError) } });
        return String(++seq);
      },
      hide: function () {},
    },
  };
})();
`;

export async function appBridgeRoute(app: FastifyInstance) {
  app.get(APP_BRIDGE_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .send(SCRIPT),
  );
}
