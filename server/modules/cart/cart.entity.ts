import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A shopping cart: a guest's (bound to the signed `cart` cookie) or a registered user's (user_id). */
@Entity({ name: 'cart' })
export class Cart {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { nullable: true })
  userId: string | null;

  /** Normalized (upper case) code of the applied coupon. */
  @Column('text', { nullable: true })
  couponCode: string | null;

  /** ISO 3166-1 alpha-2 destination; Croatia until the shopper says otherwise. */
  @Column('char', { length: 2 })
  country: string;

  @Column('text', { nullable: true })
  postalCode: string | null;

  /** What the shop changed on its own (a merge capped to stock); cleared by the shopper's next change. */
  @Column('jsonb', { nullable: true })
  notices: StoredCartNotice[] | null;

  @Column('timestamptz')
  createdAt: Date;

  @Column('timestamptz')
  updatedAt: Date;
}

export interface StoredCartNotice {
  code: 'CART_MERGE_STOCK_CAPPED' | 'CART_MERGE_QUANTITY_CAPPED';
  product_code: string;
  /** What the two carts held together. */
  requested: number;
  /** What the cart holds now. */
  quantity: number;
}

@Entity({ name: 'cart_line' })
export class CartLine {
  @PrimaryColumn('uuid')
  cartId: string;

  @PrimaryColumn('text')
  productCode: string;

  @Column('integer')
  quantity: number;

  @Column('timestamptz')
  addedAt: Date;
}
