// The port of personal data (GDPR art. 15, 17, 20; docs/admin.md 'Customers'), knowing no module: each
// module that holds data about a person fills it for its own tables, and the back office's customer
// service asks every one of them, for an export, and for an erasure inside one transaction.
import type { EntityManager } from 'typeorm';

/** The person asked about: their account and its e-mail address as the account has it now. */
export interface DataSubject {
  userId: string;
  email: string;
}

/** What one module holds about a person, and how it forgets it. */
export interface PersonalDataPort<Export> {
  /** The name of the module's part in the export document (`orders`, `newsletter`, ...). */
  readonly section: string;
  /** Everything the module holds about the person, as plain JSON (instants as ISO strings). */
  exportOf(subject: DataSubject): Promise<Export>;
  /**
   * Erases or anonymizes the person's data in the caller's transaction (`m`), keeping only what a law
   * obliges the shop to keep. Answers what it did, as counts by kind (for the audit entry).
   */
  erase(m: EntityManager, subject: DataSubject): Promise<Record<string, number>>;
}
