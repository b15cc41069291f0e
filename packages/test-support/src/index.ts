// Public surface of @gatehouse/test-support.
export { freePort } from './free-port.js';
