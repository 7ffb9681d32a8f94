import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// OpenAPI shapes of the catalogue's answers (documentation; the service returns matching objects).

export class ImageDto {
  @ApiProperty({ example: '/images/products/ZZ-SPAG-400.svg' }) src: string;
  @ApiProperty({ example: 480 }) width: number;
  @ApiProperty({ example: 480 }) height: number;
  @ApiProperty() alt: string;
}

export class OfferDto {
  @ApiProperty({ format: 'date-time' }) starts_at: string;
  @ApiProperty({ format: 'date-time' }) ends_at: string;
  @ApiProperty({ format: 'date', description: 'The price reference date' }) reference_date: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Regular price in cents on the reference date' }) reference_price: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Lowest price (cents) applied in the 30 days before the offer started (EU Omnibus rule)' }) lowest_30d: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Whole percent off lowest_30d' }) discount_percent: number | null;
}

export class PriceDto {
  @ApiProperty({ description: 'Gross cents per pack now (offer applied)', example: 249 }) amount: number;
  @ApiProperty({ enum: ['EUR'] }) currency: 'EUR';
  @ApiProperty({ description: 'Regular gross cents per pack' }) regular_amount: number;
  @ApiProperty({ description: 'Gross cents per kg (unit price)' }) per_kg: number;
  @ApiPropertyOptional({ type: OfferDto, nullable: true }) offer: OfferDto | null;
}

export class CategoryRefDto {
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
}

export class ProductSummaryDto {
  @ApiProperty({ example: 'ZZ-SPAG-400' }) code: string;
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty() short_description: string;
  @ApiProperty({ type: CategoryRefDto }) category: CategoryRefDto;
  @ApiProperty({ example: 'classic' }) line: string;
  @ApiProperty({ enum: ['standard', 'business'] }) pack: string;
  @ApiProperty({ example: 400 }) pack_grams: number;
  @ApiProperty({ type: ImageDto, nullable: true }) image: ImageDto | null;
  @ApiProperty({ type: PriceDto }) price: PriceDto;
  @ApiProperty({ enum: ['available', 'soon_available_again'] }) availability: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Packs left when stock is tracked and low (10 or fewer), else null' }) stock_left: number | null;
}

export class NutritionDto {
  @ApiProperty() energy_kj: number;
  @ApiProperty() energy_kcal: number;
  @ApiProperty() fat: number;
  @ApiProperty() saturates: number;
  @ApiProperty() carbohydrate: number;
  @ApiProperty() sugars: number;
  @ApiProperty() fibre: number;
  @ApiProperty() protein: number;
  @ApiProperty() salt: number;
}

export class SlugsDto {
  @ApiProperty() hr: string;
  @ApiProperty() en: string;
  @ApiProperty() de: string;
  @ApiProperty() sl: string;
}

export class ProductDetailDto extends ProductSummaryDto {
  @ApiProperty({ description: 'Slug in the requested language; when it differs from the slug requested, redirect (301) to it' }) canonical_slug: string;
  @ApiProperty() description: string;
  @ApiProperty() ingredients: string;
  @ApiProperty() allergens: string;
  @ApiProperty({ type: NutritionDto, description: 'Per 100 g' }) nutrition: NutritionDto;
  @ApiProperty() cooking_time_minutes: number;
  @ApiProperty() cooking_tips: string;
  @ApiProperty() pieces_per_carton: number;
  @ApiProperty({ enum: [5, 13, 25] }) vat_rate: number;
  @ApiProperty() net_weight_grams: number;
  @ApiProperty() shipping_weight_grams: number;
  @ApiProperty({ type: SlugsDto }) slugs: SlugsDto;
  @ApiProperty({ type: [ProductSummaryDto] }) related: ProductSummaryDto[];
}

export class ProductPageDto {
  @ApiProperty({ type: [ProductSummaryDto] }) items: ProductSummaryDto[];
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
  @ApiProperty() total: number;
}

export class ProductPageResponse {
  @ApiProperty({ type: ProductPageDto }) data: ProductPageDto;
}

export class ProductDetailResponse {
  @ApiProperty({ type: ProductDetailDto }) data: ProductDetailDto;
}

export class CategoryDto {
  @ApiProperty() code: string;
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty() product_count: number;
  @ApiProperty({ type: SlugsDto }) slugs: SlugsDto;
}

export class CategoriesResponse {
  @ApiProperty({ type: [CategoryDto] }) data: CategoryDto[];
}
