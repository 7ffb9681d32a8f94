import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { focusManager } from '@tanstack/react-query';
import { sessionConfig, stateFromView } from './session';
import { browserStore, fakeTransport, MINUTE, NOW, refused, seed, signedIn, signedOut } from './session.fixtures';
import { sessionSyncOptions, startSessionSync } from './session-sync';

describe('browser upkeep (visibility, interval, start-up)', () => {
  // TanStack Query's focus manager (visibilitychange in the browser) decides 'visible'.
  const visible = (value: boolean) => focusManager.setFocused(value);

  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    focusManager.setFocused(undefined);
    jest.useRealTimers();
  });

  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('does not read the session at start-up when the server provided it', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn()));
    const stop = startSessionSync(store, { refetchOnWindowFocus: true, refetchIntervalMs: 5 * MINUTE });
    await flush();
    expect(calls.session).toBe(0);
    stop();
  });

  it('reads it at start-up when the server did not', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn()] });
    const store = browserStore(transport);
    const stop = startSessionSync(store, { refetchOnWindowFocus: true, refetchIntervalMs: 0 });
    await flush();
    expect(calls.session).toBe(1);
    expect(store.getState().status).toBe('authenticated');
    stop();
  });

  it('re-reads when the window becomes visible again (not when it is hidden)', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn()));
    store.queryClient.mount(); // what QueryClientProvider does: the cache hears the focus manager
    const stop = startSessionSync(store, { refetchOnWindowFocus: true, refetchIntervalMs: 0 });
    visible(false);
    await flush();
    expect(calls.session).toBe(0);
    visible(true);
    await flush();
    expect(calls.session).toBe(1);
    stop();
    visible(false);
    visible(true);
    await flush();
    expect(calls.session).toBe(1);
  });

  it('does not re-read on visibility when refetchOnWindowFocus is off', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn()));
    store.queryClient.mount();
    const stop = startSessionSync(store, { refetchOnWindowFocus: false, refetchIntervalMs: 0 });
    visible(false);
    visible(true);
    await flush();
    expect(calls.session).toBe(0);
    stop();
  });

  it("re-reads on the configured interval, only while visible (the query observer's interval)", () => {
    const store = browserStore(fakeTransport().transport);
    const options = sessionSyncOptions(store, { refetchOnWindowFocus: true, refetchIntervalMs: 5 * MINUTE });
    expect(options).toMatchObject({
      queryKey: ['session'],
      refetchInterval: 5 * MINUTE,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: 'always',
    });
    expect(sessionSyncOptions(store, { refetchOnWindowFocus: false, refetchIntervalMs: 0 })).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
    });
  });

  it('refreshes an already expired token at start-up, and a failure runs the callback', async () => {
    const { transport, calls } = fakeTransport({ session: [signedOut], refresh: [refused()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW - 1)));
    const failed = jest.fn();
    store.onRefreshFailed(failed);
    const stop = startSessionSync(store, sessionConfig);
    await flush();
    expect(calls.refresh).toBe(1);
    expect(failed).toHaveBeenCalledTimes(1);
    stop();
  });
});
