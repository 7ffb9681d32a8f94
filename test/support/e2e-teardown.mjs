import { dropDatabase } from './global-setup.mjs';

export default async function e2eTeardown() {
  const shop = globalThis.__SHOP_E2E__;
  if (!shop) return;
  const { child, state, gtm } = shop;
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  await gtm?.close();
  await shop.oembed?.close();
  if (!process.env.KEEP_TEST_DATABASE)
    await dropDatabase(state.db).catch((err) => console.warn(`e2e teardown: dropping ${state.db} failed: ${err.message}`));
}
