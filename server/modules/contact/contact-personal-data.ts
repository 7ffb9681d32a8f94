import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DataSubject, PersonalDataPort } from '../../platform/privacy/index.js';
import { ContactPersonalDataRepository } from './contact-personal-data.repository.js';

/** One message of the contact form as the export shows it. */
export interface ContactRecord {
  sent_at: string;
  language: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  consent_version: string;
  consent_at: string;
  ip: string;
}

/** The contact module's part of a customer (docs/admin.md 'Customers'): the messages sent from their address; an erasure deletes them. */
@Injectable()
export class ContactPersonalData implements PersonalDataPort<ContactRecord[]> {
  readonly section = 'contact_messages';

  constructor(private readonly messages: ContactPersonalDataRepository) {}

  async exportOf(subject: DataSubject): Promise<ContactRecord[]> {
    const rows = await this.messages.ofEmail(subject.email);
    return rows.map((r) => ({
      sent_at: r.createdAt.toISOString(),
      language: r.locale,
      name: r.name,
      email: r.email,
      phone: r.phone,
      subject: r.subject,
      message: r.message,
      consent_version: r.consentVersion,
      consent_at: r.consentAt.toISOString(),
      ip: r.ip,
    }));
  }

  async erase(m: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    return { contact_messages: await this.messages.deleteOfEmail(m, subject.email) };
  }
}
