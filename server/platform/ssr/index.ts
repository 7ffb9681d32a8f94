export { SsrRenderer, SsrBuildMissingError } from './ssr-renderer.js';
export { RenderCache, RENDER_CACHE_BOUNDS } from './render-cache.js';
export { RenderCacheListener, RenderCacheModule, RENDER_CACHE_CHANNEL } from './render-cache-invalidation.js';
export { InProcessApi, isInProcessRequest } from './in-process-api.js';
