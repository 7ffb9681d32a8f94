import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';

/** A message sent with the contact form (table `contact_message`, migration 1797020000000). */
@Entity({ name: 'contact_message' })
export class ContactMessage {
  @PrimaryColumn('uuid')
  id: string;

  @Column('timestamptz')
  createdAt: Date;

  /** The sender's language: their copy is written in it, the shop's notice names it. */
  @Column('text')
  locale: Locale;

  @Column('text')
  name: string;

  /** Normalized (trimmed, lower case); the shop's notice answers to it (Reply-To). */
  @Column('text')
  email: string;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text')
  subject: string;

  /** Multi-line; line breaks as LF. */
  @Column('text')
  message: string;

  /** The version of the consent sentence the form showed (CONTACT_CONSENT_VERSION) and when it was given. */
  @Column('text')
  consentVersion: string;

  @Column('timestamptz')
  consentAt: Date;

  /** The client address it came from (for abuse; the rate limits count by it). */
  @Column('text')
  ip: string;
}
