import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { defineEvent, eventFields } from './event-contract.js';

/**
 * A visitor sent the contact form (`POST /api/mail`), in the transaction that stored the message
 * (`contact_message`). The payload names the message only: the subscriber (the shop's inbox notice
 * and the sender's copy) reads the stored row, so no one's text or address sits in the outbox.
 */
export const contactMessageReceivedV1 = z.object({
  version: z.literal(1),
  messageId: eventFields.id,
  /** The sender's language (their copy's). */
  locale: z.enum(LOCALES),
  receivedAt: eventFields.instant,
});
export const contactMessageReceived = defineEvent('contact.message-received', 1, contactMessageReceivedV1);
