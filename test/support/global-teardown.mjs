import { deleteRunKeys, dropDatabase } from './global-setup.mjs';

export default async function globalTeardown() {
  if (process.env.TEST_RUN_ID) await deleteRunKeys(process.env.TEST_RUN_ID);
  if (process.env.TEST_DATABASE_NAME && !process.env.KEEP_TEST_DATABASE) await dropDatabase(process.env.TEST_DATABASE_NAME);
}
