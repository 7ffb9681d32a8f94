import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ContactMessage } from './contact-message.entity.js';

/** The SQL of a person's contact messages (`contact_message`) for ContactPersonalData; a method taking a manager runs in the caller's transaction. */
@Injectable()
export class ContactPersonalDataRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The messages sent from the address, oldest first. */
  ofEmail(email: string): Promise<ContactMessage[]> {
    return this.db.manager.find(ContactMessage, { where: { email }, order: { createdAt: 'ASC' } });
  }

  /** Deletes the messages sent from the address; how many. */
  async deleteOfEmail(m: EntityManager, email: string): Promise<number> {
    const rows = (await m.query(`DELETE FROM contact_message WHERE email = $1 RETURNING id`, [email])) as [unknown[], number];
    return rows[1];
  }
}
