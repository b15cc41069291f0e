// An inline script placed first in the store's <head>: from the first frame on, on every
// animation frame and on every DOM mutation, it records whether the store's content is
// visible, keeps the log on `window.__probe`, and tells the store server (a beacon survives a
// redirect) the first time the content shows.

export interface ProbeLog {
  /** Animation frames seen. */
  frames: number;
  /** ms since navigation start when the store's content was first visible, or null. */
  firstVisibleAt: number | null;
}

export const PROBE_SCRIPT = `(function () {
  var log = (window.__probe = { frames: 0, firstVisibleAt: null });
  function check() {
    var el = document.getElementById('store-content');
    if (log.firstVisibleAt === null && el &&
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
      log.firstVisibleAt = performance.now();
      navigator.sendBeacon('/__painted', location.pathname);
    }
  }
  function frame() { log.frames += 1; check(); requestAnimationFrame(frame); }
  requestAnimationFrame(frame);
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();`;
