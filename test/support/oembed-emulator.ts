// The one implementation lives in plain ESM so the e2e global setup can start it too.
export { pngPicture, startOembedEmulator, type OembedEmulator } from './oembed-emulator.mjs';
