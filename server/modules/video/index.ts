// The video module's public face: other modules import only from here (ESLint enforces it).
export { VideoModule } from './video.module.js';
export { VideoService } from './video.service.js';
