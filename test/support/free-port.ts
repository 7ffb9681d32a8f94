// The one implementation lives in plain ESM so the e2e global setup can use it too.
export { freePort } from './free-port.mjs';
