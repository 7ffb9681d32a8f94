import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { MailQueue } from '../../../platform/mail/index.js';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { CatalogAdminRepository } from '../admin/catalog-admin.repository.js';
import { ReservedStock } from '../admin/reserved-stock.js';

const LOW_STOCK_MAIL_JOB = 'catalog.low-stock-mail';
const LOW_STOCK_TIME_ZONE = 'Europe/Zagreb';
/** Products one mail lists; the rest are counted ('and 12 more'), the back office has them all. */
const LOW_STOCK_MAIL_MAX = 100;

/** The calendar day in Zagreb, 'YYYY-MM-DD'. */
export function zagrebDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LOW_STOCK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Daily at 07:00 in Zagreb: one mail to the order inbox (`ORDERS_EMAIL`, Croatian) listing every
 * product whose tracked stock is at or below its low-stock threshold, with what orders hold; none on
 * a day without such products. One mail per day at most: the mail's id is the day, so a second run
 * (a retried job, two workers) adds nothing.
 */
@Injectable()
export class LowStockMail {
  private readonly logger = new Logger('catalog');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: CatalogAdminRepository,
    private readonly reserved: ReservedStock,
    private readonly mails: MailQueue,
  ) {}

  @ScheduledJob(LOW_STOCK_MAIL_JOB, { pattern: '0 7 * * *', tz: LOW_STOCK_TIME_ZONE })
  async send(now: Date = new Date()): Promise<{ day: string; products: string[] }> {
    const day = zagrebDay(now);
    const rows = await this.repo.lowStock('hr', LOW_STOCK_MAIL_MAX);
    if (!rows.length) return { day, products: [] };
    const total = await this.repo.lowStockCount();
    const held = await this.reserved.of(
      this.db.manager,
      rows.map((r) => r.code),
    );
    await this.mails.enqueue(
      'low-stock',
      {
        products: rows.map((r) => ({
          code: r.code,
          name: r.name,
          stock: r.stock ?? 0,
          reserved: held.get(r.code) ?? 0,
          threshold: r.low_stock_threshold,
        })),
        more: Math.max(0, total - rows.length),
        adminUrl: `${this.config.http.publicUrl}/admin/products?low_stock=true`,
      },
      { to: this.config.mail.ordersTo, locale: 'hr' },
      `low-stock__${day}`,
    );
    this.logger.log(`low stock: ${total} product(s), mail of ${day} queued`);
    return { day, products: rows.map((r) => r.code) };
  }
}
