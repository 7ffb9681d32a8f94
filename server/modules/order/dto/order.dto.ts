import { ApiProperty } from '@nestjs/swagger';

// ----- response documentation (OpenAPI) of GET /api/orders ------------------------------------------

class OrderLineDoc {
  @ApiProperty({ example: 'ZZ-SPAG-400' }) product_code: string;
  @ApiProperty({ description: 'Product name as it was when the order was placed' }) name: string;
  @ApiProperty({ description: 'Gross cents per pack' }) unit_price: number;
  @ApiProperty({ minimum: 1, maximum: 99 }) quantity: number;
}

class OrderSummaryDoc {
  @ApiProperty({ example: 'ZZ-2026-000123' }) number: string;
  @ApiProperty({ format: 'date-time' }) placed_at: string;
  @ApiProperty({ enum: ['awaiting_payment', 'paid'] }) status: string;
  @ApiProperty({ description: 'Gross cents' }) total: number;
  @ApiProperty({ enum: ['EUR'] }) currency: string;
  @ApiProperty({ type: [OrderLineDoc], description: 'In the order of the order' }) lines: OrderLineDoc[];
}

export class OrderListResponseDoc {
  @ApiProperty({ type: [OrderSummaryDoc], description: "The signed-in user's orders, newest first" }) data: OrderSummaryDoc[];
}
