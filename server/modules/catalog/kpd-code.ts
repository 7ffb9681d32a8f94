import { z } from 'zod';

/**
 * KPD 2025 (Klasifikacija proizvoda po djelatnostima, the Croatian CPA): the product classification
 * HR-CIUS requires on every e-invoice line (HR-BR-25, listID "CG"). Six digits in three pairs.
 * 10.73.11 "Makaroni, rezanci, kuskus i slična tjestenina" is every pasta the shop makes.
 */
export const DEFAULT_KPD_CODE = '10.73.11';

export const kpdCodeSchema = z.string().regex(/^\d{2}\.\d{2}\.\d{2}$/, 'a KPD 2025 code is six digits in three pairs, e.g. 10.73.11');

/** The code if it has the KPD form; throws otherwise (catalogue data is ours, a bad code is a programming error). */
export function parseKpdCode(code: string): string {
  return kpdCodeSchema.parse(code);
}
