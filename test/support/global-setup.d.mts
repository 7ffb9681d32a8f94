// Types of the plain-ESM global setup, for tests that need a database of their own.
export const PG_ADMIN_URL: string;
export const REDIS_URL: string;
export function assertServices(): Promise<void>;
export function createDatabase(prefix: string): Promise<{ url: string; name: string }>;
export function dropDatabase(name: string): Promise<void>;
export default function globalSetup(): Promise<void>;
export function deleteRunKeys(runId: string): Promise<void>;
export function cloneDatabase(template: string): Promise<{ url: string; name: string }>;
