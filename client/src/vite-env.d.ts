/// <reference types="vite/client" />

declare module 'virtual:client-manifest' {
  import type { Manifest } from 'vite';
  /** The client build's .vite/manifest.json (SSR build), or null in development. */
  const manifest: Manifest | null;
  export default manifest;
}
