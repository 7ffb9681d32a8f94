import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn, type ValueTransformer } from 'typeorm';

/** numeric(…,1) columns arrive from pg as strings: read them as numbers. */
const decimal: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

import type { VatClass } from '../../../contract/vat.js';
import type { Availability, Pack } from './catalog.types.js';
export type { Availability, Pack };

@Entity({ name: 'product' })
export class Product {
  @PrimaryGeneratedColumn()
  id: number;

  /** SKU, e.g. 'ZZ-SPAG-400'. */
  @Column('text')
  code: string;

  /** Product line: 'classic', 'superfoodie', 'alphabet', 'business'. */
  @Column('text')
  line: string;

  @Column('integer')
  categoryId: number;

  @Column('text')
  pack: Pack;

  @Column('integer')
  netWeightGrams: number;

  @Column('integer')
  shippingWeightGrams: number;

  @Column('integer')
  piecesPerCarton: number;

  /** The Croatian VAT rate (percent: 5, 13 or 25); Croatian sales always carry it. */
  @Column('smallint')
  vatRate: number;

  /** KPD 2025 classification code (`10.73.11` pasta), stated on every e-invoice line (HR-BR-25). */
  @Column('text')
  kpdCode: string;

  /** What the product is for VAT (contract/vat.ts): picks the destination's rate under the OSS. */
  @Column('text')
  vatClass: VatClass;

  /** The regular gross price per pack in cents now; changed only by PriceService (with history). */
  @Column('integer')
  priceCents: number;

  @Column('text')
  availability: Availability;

  /** null = stock not tracked. */
  @Column('integer', { nullable: true })
  stock: number | null;

  /** Tracked stock at or below this many packs is 'low stock' for the back office (default 5). */
  @Column('integer')
  lowStockThreshold: number;

  @Column('text', { nullable: true })
  imageSrc: string | null;

  @Column('integer', { nullable: true })
  imageWidth: number | null;

  @Column('integer', { nullable: true })
  imageHeight: number | null;

  @Column('numeric', { transformer: decimal })
  energyKj: number;
  @Column('numeric', { transformer: decimal })
  energyKcal: number;
  @Column('numeric', { transformer: decimal })
  fat: number;
  @Column('numeric', { transformer: decimal })
  saturates: number;
  @Column('numeric', { transformer: decimal })
  carbohydrate: number;
  @Column('numeric', { transformer: decimal })
  sugars: number;
  @Column('numeric', { transformer: decimal })
  fibre: number;
  @Column('numeric', { transformer: decimal })
  protein: number;
  @Column('numeric', { transformer: decimal })
  salt: number;

  @Column('integer')
  cookingTimeMinutes: number;

  @Column('integer')
  position: number;

  /** Put in the shop by an operator (a product the back office creates starts as a draft). */
  @Column('boolean', { default: true })
  published: boolean;

  /** When first published: from then on its slugs are locked (docs/admin.md 'Products and categories'). */
  @Column('timestamptz', { nullable: true, default: () => 'now()' })
  firstPublishedAt: Date | null;

  /** No longer sold: out of the shop's lists, search and sitemap; orders keep it. */
  @Column('timestamptz', { nullable: true })
  archivedAt: Date | null;

  /** Published and not archived (generated): what every shop query asks. */
  @Column({ type: 'boolean', insert: false, update: false })
  listed: boolean;

  @Column('timestamptz')
  createdAt: Date;

  @Column('timestamptz')
  updatedAt: Date;
}

@Entity({ name: 'product_translation' })
export class ProductTranslation {
  @PrimaryColumn('integer')
  productId: number;

  @PrimaryColumn('text')
  locale: string;

  @Column('text')
  name: string;

  @Column('text')
  slug: string;

  @Column('text')
  shortDescription: string;

  @Column('text')
  description: string;

  @Column('text')
  ingredients: string;

  @Column('text')
  allergens: string;

  @Column('text')
  cookingTips: string;
}

/** One regular-price change: `amountCents` applies from `validFrom` until the next row. */
@Entity({ name: 'product_price' })
export class ProductPrice {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('integer')
  productId: number;

  @Column('integer')
  amountCents: number;

  @Column('timestamptz')
  validFrom: Date;

  @Column('timestamptz')
  recordedAt: Date;
}

/** A special offer: `priceCents` in [startsAt, endsAt); `referenceDate` is the price's reference date. */
@Entity({ name: 'product_offer' })
export class ProductOffer {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('integer')
  productId: number;

  @Column('integer')
  priceCents: number;

  @Column('timestamptz')
  startsAt: Date;

  @Column('timestamptz')
  endsAt: Date;

  /** A calendar date 'YYYY-MM-DD'. */
  @Column('date')
  referenceDate: string;
}

/** An explicit related product (overrides the default "same category"). */
@Entity({ name: 'product_related' })
export class ProductRelated {
  @PrimaryColumn('integer')
  productId: number;

  @PrimaryColumn('integer')
  relatedProductId: number;

  @Column('integer')
  position: number;
}

export const CATALOG_ENTITIES = [Product, ProductTranslation, ProductPrice, ProductOffer, ProductRelated];
