import { contactMessageReceived } from '../../../../contract/events/contact.js';
import { domainEvent } from '../../../platform/events/index.js';

// The contact module's events; payloads and their meaning: contract/events/contact.ts.

export class ContactMessageReceived extends domainEvent(contactMessageReceived) {}
