/** One request the emulator received. */
export interface GtmEmulatorHit {
  method: string;
  path: string;
  query: Record<string, string>;
  at: number;
}
export const EMULATED_MEASUREMENT_ID: string;
export function startGtmEmulator(port?: number): Promise<{ origin: string; hits(): GtmEmulatorHit[]; close(): Promise<void> }>;
