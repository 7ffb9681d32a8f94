// Jest runs in native ESM mode (NestJS 12 and friends are ESM-only): the scripts set
// NODE_OPTIONS=--experimental-vm-modules. @swc/jest compiles TypeScript with decorator metadata.
const swc = [
  '@swc/jest',
  {
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
      // client locale JSON is imported `with { type: 'json' }`: keep the attribute for Node's ESM loader
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The mails' components without the three heavy parts no mail uses (test/support/react-email-components.mjs).
    '^@react-email/components$': '<rootDir>/test/support/react-email-components.mjs',
  },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
};

/** @type {import('jest').Config} */
export default {
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{contract,server,client,emails,scripts}/**/*.spec.{ts,tsx}'],
      // Components with CSS modules render in unit tests with their class names as written (test/support/css-module-stub.mjs).
      moduleNameMapper: { ...common.moduleNameMapper, '\\.module\\.css$': '<rootDir>/test/support/css-module-stub.mjs' },
    },
    {
      ...common,
      // One real service (or a few) on the real database, the rest real or stubbed by choice; no Nest
      // application, no HTTP (test/support/medium.ts). A database of its own per file, as integration's.
      displayName: 'medium',
      testMatch: ['<rootDir>/test/medium/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
      testEnvironment: '<rootDir>/test/support/integration-environment.mjs',
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
      // A database of its own per file, cloned from the run's migrated template.
      testEnvironment: '<rootDir>/test/support/integration-environment.mjs',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/e2e-setup.mjs',
      globalTeardown: '<rootDir>/test/support/e2e-teardown.mjs',
    },
  ],
};
