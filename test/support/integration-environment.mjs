// Every integration test file runs against a database of its own, cloned from the run's migrated
// template (global-setup.mjs): no file sees another's orders, queued work or payment attempts, so a
// file takes as long in the whole run as alone, and files can run side by side in two workers.
// Plain ESM: Jest loads test environments outside its module system.
import { TestEnvironment } from 'jest-environment-node';
import { cloneDatabase, dropDatabase } from './global-setup.mjs';

export default class IntegrationEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const template = process.env.TEST_DATABASE_TEMPLATE;
    if (!template) throw new Error("integration tests need the run's template database (test/support/global-setup.mjs)");
    this.database = await cloneDatabase(template);
    this.global.process.env.TEST_DATABASE_URL = this.database.url;
    this.global.process.env.TEST_DATABASE_NAME = this.database.name;
  }

  async teardown() {
    try {
      if (this.database && !process.env.KEEP_TEST_DATABASE) await dropDatabase(this.database.name);
    } finally {
      await super.teardown();
    }
  }
}
