import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'category' })
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stable internal key (e.g. 'classic'), independent of the language. */
  @Column('text')
  code: string;

  @Column('integer')
  position: number;

  /** Products in the category, kept by triggers on `product` (never written by the application). */
  @Column({ type: 'integer', insert: false, update: false })
  productCount: number;
}

@Entity({ name: 'category_translation' })
export class CategoryTranslation {
  @PrimaryColumn('integer')
  categoryId: number;

  @PrimaryColumn('text')
  locale: string;

  @Column('text')
  name: string;

  @Column('text')
  slug: string;
}
