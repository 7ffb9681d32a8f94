import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorDetail } from '../../../platform/http/domain-error.js';
import { fieldProblem, throwFieldProblems } from '../cart.errors.js';

/** Product codes (SKUs) are short: letters, digits, dots, hyphens, underscores. */
const PRODUCT_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

type Body = Record<string, unknown>;

function asBody(body: unknown): Body {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

function isQuantity(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 99;
}

export function isProductCode(v: unknown): v is string {
  return typeof v === 'string' && PRODUCT_CODE.test(v);
}

export class AddItemDto {
  @ApiProperty({ example: 'ZZ-SPAG-400', description: 'Product code (SKU).' })
  product_code: string;

  @ApiProperty({ minimum: 1, maximum: 99, example: 1, description: 'Packs to add; the line may hold at most 99.' })
  quantity: number;

  @ApiPropertyOptional({
    example: 329,
    description:
      'Unit price (gross cents) the shopper saw; if the current price differs the call fails with CART_PRICE_CHANGED (409) and changes nothing.',
  })
  expected_unit_price?: number;

  static parse(raw: unknown): { productCode: string; quantity: number; expectedUnitPrice?: number } {
    const b = asBody(raw);
    const problems: ErrorDetail[] = [];
    if (!isProductCode(b.product_code)) problems.push(fieldProblem('CART_PRODUCT_CODE_INVALID', 'product_code'));
    if (!isQuantity(b.quantity)) problems.push(fieldProblem('CART_QUANTITY_INVALID', 'quantity'));
    const price = b.expected_unit_price;
    if (price !== undefined && price !== null && !(typeof price === 'number' && Number.isSafeInteger(price) && price >= 0)) {
      problems.push(fieldProblem('CART_EXPECTED_PRICE_INVALID', 'expected_unit_price'));
    }
    throwFieldProblems(problems);
    return {
      productCode: b.product_code as string,
      quantity: b.quantity as number,
      ...(typeof price === 'number' ? { expectedUnitPrice: price } : {}),
    };
  }
}

export class SetQuantityDto {
  @ApiProperty({ minimum: 1, maximum: 99, example: 3, description: "The line's new quantity (remove the line with DELETE)." })
  quantity: number;

  static parse(raw: unknown): { quantity: number } {
    const b = asBody(raw);
    throwFieldProblems(isQuantity(b.quantity) ? [] : [fieldProblem('CART_QUANTITY_INVALID', 'quantity')]);
    return { quantity: b.quantity as number };
  }
}

export class ApplyCouponDto {
  @ApiProperty({ example: 'LJETO10', description: 'Coupon code, case-insensitive.' })
  code: string;

  static parse(raw: unknown): { code: string } {
    const b = asBody(raw);
    const ok = typeof b.code === 'string' && b.code.trim().length > 0 && b.code.trim().length <= 64;
    throwFieldProblems(ok ? [] : [fieldProblem('CART_COUPON_CODE_INVALID', 'code')]);
    return { code: b.code as string };
  }
}

export class SetDestinationDto {
  @ApiProperty({ example: 'HR', description: 'ISO 3166-1 alpha-2 country: Croatia or an EU member state.' })
  country: string;

  @ApiProperty({ example: '10000', description: 'Postal code; checked strictly for HR, SI, AT, DE, IT, HU.' })
  postal_code: string;

  static parse(raw: unknown): { country: string; postalCode: string } {
    const b = asBody(raw);
    const problems: ErrorDetail[] = [];
    if (typeof b.country !== 'string' || !/^\s*[A-Za-z]{2}\s*$/.test(b.country))
      problems.push(fieldProblem('CART_COUNTRY_INVALID', 'country'));
    if (typeof b.postal_code !== 'string' || !b.postal_code.trim() || b.postal_code.length > 16)
      problems.push(fieldProblem('CART_POSTAL_CODE_MALFORMED', 'postal_code'));
    throwFieldProblems(problems);
    return { country: b.country as string, postalCode: b.postal_code as string };
  }
}

// ----- response documentation (OpenAPI) -----------------------------------------------------------

class CartLineDoc {
  @ApiProperty() product_code: string;
  @ApiProperty({ description: "Name in the request's language" }) name: string;
  @ApiProperty() slug: string;
  @ApiProperty() quantity: number;
  @ApiProperty({ description: 'Gross cents per pack (offer applied)' }) unit_price: number;
  @ApiProperty({ description: 'unit_price x quantity, cents' }) line_total: number;
  @ApiProperty({ enum: [5, 13, 25] }) vat_rate: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Packs in stock when tracked' }) stock: number | null;
}

class UnavailableLineDoc {
  @ApiProperty() product_code: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty() quantity: number;
}

class VatRateDoc {
  @ApiProperty() rate: number;
  @ApiProperty() base: number;
  @ApiProperty() vat: number;
}

class FreeDeliveryDoc {
  @ApiProperty({ description: 'Free delivery exists for the destination (Croatia only)' }) applies: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Cents still missing (0 when reached); null outside Croatia' }) missing:
    number | null;
}

class CouponProblemDoc {
  @ApiProperty() code: string;
  @ApiProperty() message: string;
}

class CouponDoc {
  @ApiProperty() code: string;
  @ApiProperty({ enum: ['percent', 'fixed'] }) kind: string;
  @ApiProperty({ nullable: true, type: Number }) percent: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Cents off (fixed coupons)' }) amount: number | null;
  @ApiProperty({ description: 'Cents off this cart now' }) discount: number;
  @ApiProperty() valid: boolean;
  @ApiProperty({ nullable: true, type: CouponProblemDoc }) problem: CouponProblemDoc | null;
}

class DestinationDoc {
  @ApiProperty() country: string;
  @ApiProperty({ nullable: true, type: String }) postal_code: string | null;
}

class DaysDoc {
  @ApiProperty() min: number;
  @ApiProperty() max: number;
}

class ShippingDoc {
  @ApiProperty() carrier: string;
  @ApiProperty({ enum: ['HR', 'EU1', 'EU2'] }) zone: string;
  @ApiProperty() parcels: number;
  @ApiProperty() weight_grams: number;
  @ApiProperty({ type: DaysDoc }) delivery_days: DaysDoc;
}

class NoticeDoc {
  @ApiProperty({ enum: ['CART_MERGE_STOCK_CAPPED', 'CART_MERGE_QUANTITY_CAPPED'] }) code: string;
  @ApiProperty() product_code: string;
  @ApiProperty({ description: 'Packs in the cart now' }) quantity: number;
  @ApiProperty({ description: 'Packs the merged carts held together' }) requested: number;
  @ApiProperty({ description: 'In the language of the request' }) message: string;
}

export class CartDoc {
  @ApiProperty({ type: [CartLineDoc] }) lines: CartLineDoc[];
  @ApiProperty({ type: [UnavailableLineDoc], description: "Lines whose product is 'soon available again': not in the totals" })
  unavailable_lines: UnavailableLineDoc[];
  @ApiProperty({ description: 'Cents, gross' }) subtotal: number;
  @ApiProperty() discount: number;
  @ApiProperty() delivery: number;
  @ApiProperty({ description: 'subtotal - discount + delivery = vat_base + vat_total' }) total: number;
  @ApiProperty() vat_base: number;
  @ApiProperty() vat_total: number;
  @ApiProperty({ type: [VatRateDoc] }) vat_by_rate: VatRateDoc[];
  @ApiProperty({ type: FreeDeliveryDoc }) free_delivery: FreeDeliveryDoc;
  @ApiProperty({ nullable: true, type: CouponDoc }) coupon: CouponDoc | null;
  @ApiProperty({ type: [NoticeDoc], description: 'What the shop changed on its own (a guest cart merged at sign-in, capped to stock); until the next change' })
  notices: NoticeDoc[];
  @ApiProperty({ enum: ['EUR'] }) currency: string;
  @ApiProperty({ enum: ['empty', 'has_items', 'free_delivery'] }) state: string;
  @ApiProperty() item_count: number;
  @ApiProperty({ type: DestinationDoc }) destination: DestinationDoc;
  @ApiProperty({ type: ShippingDoc }) shipping: ShippingDoc;
}

export class CartResponseDoc {
  @ApiProperty({ type: CartDoc }) data: CartDoc;
}
