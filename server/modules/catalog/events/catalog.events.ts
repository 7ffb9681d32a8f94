import {
  catalogAvailabilityChanged,
  catalogCategoryChanged,
  catalogOfferScheduled,
  catalogPriceChanged,
  catalogProductChanged,
} from '../../../../contract/events/catalog.js';
import { domainEvent } from '../../../platform/events/index.js';

// The catalogue's events; payloads and their meaning: contract/events/catalog.ts. No subscriber
// yet: they are there for checkout and caches (docs/events.md).

export class PriceChanged extends domainEvent(catalogPriceChanged) {}

export class AvailabilityChanged extends domainEvent(catalogAvailabilityChanged) {}

export class OfferScheduled extends domainEvent(catalogOfferScheduled) {}

export class ProductChanged extends domainEvent(catalogProductChanged) {}

export class CategoryChanged extends domainEvent(catalogCategoryChanged) {}
