export { SsrRenderer, SsrBuildMissingError, CLIENT_DIST } from './ssr-renderer.js';
