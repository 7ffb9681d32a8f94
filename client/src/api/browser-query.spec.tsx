import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { useBrowserQuery } from './browser-query';

const options = { queryKey: ['cart', 'hr'], queryFn: async () => ({ lines: 2 }) };

const Line = ({ status, lines }: { status: string; lines: number | undefined }) => (
  <p>
    {status}:{lines ?? '-'}
  </p>
);

function BrowserOnly() {
  const query = useBrowserQuery(options);
  return <Line status={query.status} lines={query.data?.lines} />;
}

function Plain() {
  return <Line status="plain" lines={useQuery(options).data?.lines} />;
}

/** What the server, or React hydrating a late part of the page, renders with this cache. */
function serverRender(client: QueryClient, browserOnly: boolean): string {
  return renderToString(<QueryClientProvider client={client}>{browserOnly ? <BrowserOnly /> : <Plain />}</QueryClientProvider>);
}

describe('useBrowserQuery: the server and hydration render the loading state', () => {
  it('reads as loading while hydrating even when the cache already holds the answer (the layout fetched it)', () => {
    const client = new QueryClient();
    client.setQueryData(options.queryKey, { lines: 2 });
    expect(serverRender(client, true)).toBe('<p>loading<!-- -->:<!-- -->-</p>');
    // what a plain query renders in the same moment: the answer, unlike the server's HTML (React #418)
    expect(serverRender(client, false)).toBe('<p>plain<!-- -->:<!-- -->2</p>');
  });

  it('reads as loading, not failed, while hydrating after a failed read', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({ queryKey: options.queryKey, queryFn: async () => Promise.reject(new Error('down')) });
    expect(client.getQueryState(options.queryKey)?.status).toBe('error');
    expect(serverRender(client, true)).toBe('<p>loading<!-- -->:<!-- -->-</p>');
  });
});
