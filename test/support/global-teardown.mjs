import { deleteRunKeys, dropDatabase } from './global-setup.mjs';

/** Cleanup may not hold the run hostage: after 60 s it gives up and says what it left behind. */
function bounded(what, promise, ms = 60_000) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => {
      console.warn(`global teardown: ${what} did not finish within ${ms / 1000} s; left behind`);
      resolve();
    }, ms);
  });
  return Promise.race([promise.catch((err) => console.warn(`global teardown: ${what} failed: ${err.message}`)), late]).finally(() =>
    clearTimeout(timer),
  );
}

export default async function globalTeardown() {
  if (process.env.TEST_RUN_ID) await bounded("deleting the run's Redis keys", deleteRunKeys(process.env.TEST_RUN_ID));
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (template && !process.env.KEEP_TEST_DATABASE) await bounded(`dropping ${template}`, dropDatabase(template));
}
