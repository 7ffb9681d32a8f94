import type { Product } from './product.entity.js';

/** 'available' only when the product is offered and (if stock is tracked) at least one pack is left. */
export function effectiveAvailability(p: Pick<Product, 'availability' | 'stock'>): Product['availability'] {
  return p.availability === 'available' && (p.stock === null || p.stock > 0) ? 'available' : 'soon_available_again';
}
