import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ContactMessage } from './contact-message.entity.js';

/** The TypeORM calls of contact messages (`contact_message`), in the caller's transaction. */
@Injectable()
export class ContactMessageRepository {
  find(m: EntityManager, id: string): Promise<ContactMessage | null> {
    return m.findOne(ContactMessage, { where: { id } });
  }

  async insert(m: EntityManager, message: ContactMessage): Promise<void> {
    await m.insert(ContactMessage, message);
  }
}
