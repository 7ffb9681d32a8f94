/**
 * The video metadata as the `<Video>` component reads it: our own `GET /api/video/oembed?url=` (the server
 * asks the provider; the browser never does before the click). Read only in the browser, after hydration
 * (docs/video.md, "Where the metadata is fetched"), and kept for an hour like the answer's Cache-Control.
 */
import { queryOptions } from '@tanstack/react-query';
import { videoWatchUrl, type VideoOembed, type VideoRef } from '../../../../contract/api/video';
import { query, type Api } from '../../api/http';
import { apiPaths } from '../../api/paths';
import { queryKeys } from '../../api/query-keys';

export type { VideoOembed, VideoRef };

export function videoQuery(api: Api, ref: VideoRef) {
  return queryOptions({
    queryKey: queryKeys.video(ref.provider, ref.id, ref.hash),
    queryFn: () => api.get<VideoOembed>(`${apiPaths.video.oembed}${query({ url: videoWatchUrl(ref) })}`),
    staleTime: 3600_000,
  });
}
