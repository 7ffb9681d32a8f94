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

  @Column('timestamptz')
  createdAt: Date;

  @Column('timestamptz')
  updatedAt: Date;
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
