export { TtlLru } from './ttl-lru.js';
