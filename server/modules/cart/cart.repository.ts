import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Cart, CartLine, type StoredCartNotice } from './cart.entity.js';
import type { CartOwner } from './cart.types.js';

/** The cart's columns, for statements that answer the row (INSERT/UPDATE ... RETURNING). */
const CART_COLUMNS = 'id, user_id, coupon_code, country, postal_code, notices, created_at, updated_at';
/** The same of the cart aliased `c`. */
const CART_COLUMNS_OF_C = CART_COLUMNS.split(', ')
  .map((column) => `c.${column}`)
  .join(', ');

/** The cart fields a change may set. */
export type CartChange = Partial<Pick<Cart, 'userId' | 'couponCode' | 'country' | 'postalCode' | 'notices' | 'updatedAt'>>;

/**
 * The SQL and TypeORM calls of carts and their lines (`cart`, `cart_line`). Every method runs on the
 * manager given: CartService's transaction (which locks the cart row first) or the data source's
 * manager for a read without a lock.
 */
@Injectable()
export class CartRepository {
  /** The owner's cart, optionally locked for update. A guest id naming a user's cart finds nothing. */
  async find(m: EntityManager, owner: CartOwner, lock: boolean): Promise<Cart | null> {
    const qb = m.createQueryBuilder(Cart, 'c');
    if ('userId' in owner) qb.where('c.user_id = :userId', { userId: owner.userId });
    else if (owner.guestCartId) qb.where('c.id = :id AND c.user_id IS NULL', { id: owner.guestCartId });
    else return null;
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** A guest cart (no user) by id, locked for update. */
  findGuestLocked(m: EntityManager, id: string): Promise<Cart | null> {
    return m.createQueryBuilder(Cart, 'c').setLock('pessimistic_write').where('c.id = :id AND c.user_id IS NULL', { id }).getOne();
  }

  /** The owner's cart with its lines in the cart's order (added, then product code), in one statement without a lock; null when there is none. */
  async findWithLines(m: EntityManager, owner: CartOwner): Promise<{ cart: Cart; lines: CartLine[] } | null> {
    const [where, param] =
      'userId' in owner
        ? ['c.user_id = $1', owner.userId]
        : owner.guestCartId
          ? ['c.id = $1 AND c.user_id IS NULL', owner.guestCartId]
          : [null, null];
    if (!where) return null;
    type Row = CartRow & { product_code: string | null; quantity: number | null; added_at: Date | null };
    const rows: Row[] = await m.query(
      `SELECT ${CART_COLUMNS_OF_C}, l.product_code, l.quantity, l.added_at
         FROM cart c LEFT JOIN cart_line l ON l.cart_id = c.id
        WHERE ${where}
        ORDER BY l.added_at, l.product_code`,
      [param],
    );
    if (!rows.length) return null;
    const cart = cartFromRow(rows[0]!);
    const lines = rows
      .filter((r) => r.product_code !== null)
      .map((r) =>
        Object.assign(new CartLine(), { cartId: cart.id, productCode: r.product_code!, quantity: r.quantity!, addedAt: r.added_at! }),
      );
    return { cart, lines };
  }

  /**
   * A new cart for the owner. A user's cart is made unless a concurrent request of this user made
   * one first, and whichever it is comes back locked; a guest's new row is invisible to other
   * transactions until COMMIT, so it needs no lock.
   */
  async create(m: EntityManager, owner: CartOwner): Promise<Cart> {
    const id = randomUUID();
    if ('userId' in owner) {
      await m.query(`INSERT INTO cart (id, user_id) VALUES ($1, $2) ON CONFLICT (user_id) WHERE user_id IS NOT NULL DO NOTHING`, [
        id,
        owner.userId,
      ]);
      return (await this.find(m, owner, true))!;
    }
    return cartFromRow(((await m.query(`INSERT INTO cart (id) VALUES ($1) RETURNING ${CART_COLUMNS}`, [id])) as CartRow[])[0]!);
  }

  async update(m: EntityManager, cartId: string, change: CartChange): Promise<void> {
    await m.update(Cart, { id: cartId }, change);
  }

  async delete(m: EntityManager, cartId: string): Promise<void> {
    await m.delete(Cart, { id: cartId });
  }

  /** The shopper changed the cart: `updated_at` set and the shop's notices cleared; answers the row as it is now. */
  async markSeen(m: EntityManager, cartId: string, at: Date): Promise<Cart> {
    const [rows] = (await m.query(`UPDATE cart SET updated_at = $2, notices = NULL WHERE id = $1 RETURNING ${CART_COLUMNS}`, [
      cartId,
      at,
    ])) as [CartRow[], number];
    return cartFromRow(rows[0]!);
  }

  /** `updated_at` set to the transaction's time. */
  async touch(m: EntityManager, cartId: string): Promise<void> {
    await m.query(`UPDATE cart SET updated_at = now() WHERE id = $1`, [cartId]);
  }

  // ---------------------------------------------------------------- lines

  /** The cart's lines; `ordered`: in the cart's order (added, then product code). */
  lines(m: EntityManager, cartId: string, ordered = true): Promise<CartLine[]> {
    return m.find(CartLine, { where: { cartId }, ...(ordered ? { order: { addedAt: 'ASC', productCode: 'ASC' } } : {}) });
  }

  findLine(m: EntityManager, cartId: string, productCode: string): Promise<CartLine | null> {
    return m.findOne(CartLine, { where: { cartId, productCode } });
  }

  /**
   * Adds packs to a line (created when missing) in one statement and answers the new quantity;
   * undefined when the line would pass `max` (which the table's CHECK also guards).
   */
  async addPacks(m: EntityManager, cartId: string, productCode: string, quantity: number, max: number): Promise<number | undefined> {
    const added = (await m.query(
      `INSERT INTO cart_line (cart_id, product_code, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (cart_id, product_code) DO UPDATE SET quantity = cart_line.quantity + excluded.quantity
         WHERE cart_line.quantity + excluded.quantity <= $4
       RETURNING quantity`,
      [cartId, productCode, quantity, max],
    )) as Array<{ quantity: number }>;
    return added[0]?.quantity;
  }

  /** Adds packs to a line (created when missing), the sum capped at `max`. */
  async addPacksCapped(m: EntityManager, cartId: string, productCode: string, quantity: number, max: number): Promise<void> {
    await m.query(
      `INSERT INTO cart_line (cart_id, product_code, quantity) VALUES ($1, $2, LEAST($3::int, $4::int))
       ON CONFLICT (cart_id, product_code) DO UPDATE SET quantity = LEAST(cart_line.quantity + excluded.quantity, $4::int)`,
      [cartId, productCode, quantity, max],
    );
  }

  /** Sets a line to `quantity` (created with `addedAt` when missing). */
  async putLine(m: EntityManager, cartId: string, productCode: string, quantity: number, addedAt: Date): Promise<void> {
    await m.query(
      `INSERT INTO cart_line (cart_id, product_code, quantity, added_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (cart_id, product_code) DO UPDATE SET quantity = excluded.quantity`,
      [cartId, productCode, quantity, addedAt],
    );
  }

  async setQuantity(m: EntityManager, cartId: string, productCode: string, quantity: number): Promise<void> {
    await m.update(CartLine, { cartId, productCode }, { quantity });
  }

  async deleteLine(m: EntityManager, cartId: string, productCode: string): Promise<void> {
    await m.delete(CartLine, { cartId, productCode });
  }

  /** The cart without lines, coupon or notices (an order took its lines). */
  async empty(m: EntityManager, cartId: string): Promise<void> {
    await m.delete(CartLine, { cartId });
    await m.update(Cart, { id: cartId }, { couponCode: null, notices: null, updatedAt: new Date() });
  }
}

interface CartRow {
  id: string;
  user_id: string | null;
  coupon_code: string | null;
  country: string;
  postal_code: string | null;
  notices: StoredCartNotice[] | null;
  created_at: Date;
  updated_at: Date;
}

function cartFromRow(r: CartRow): Cart {
  return Object.assign(new Cart(), {
    id: r.id,
    userId: r.user_id,
    couponCode: r.coupon_code,
    country: r.country,
    postalCode: r.postal_code,
    notices: r.notices,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
}
