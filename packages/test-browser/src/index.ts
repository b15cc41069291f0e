// Public surface of @gatehouse/test-browser: the one Chromium launcher of the browser tests.
export * from './open-chromium.js';
