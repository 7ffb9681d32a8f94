import { Injectable } from '@nestjs/common';
import { DASHBOARD_TIME_ZONE, LOW_STOCK_LISTED, type AdminDashboard, type DashboardDay } from '../../../contract/api/admin-dashboard.js';
import type { Locale } from '../../../contract/locales.js';
import { QueueService } from '../../platform/queue/index.js';
import { StockFigures } from '../catalog/index.js';
import { InvoiceRepository } from '../invoicing/index.js';
import { OrderFigures } from '../order/index.js';
import { addDays, dashboardWeek } from './dashboard-week.js';

/**
 * The dashboard's figures (docs/admin.md 'Dashboard'): each one asked of the module that owns it
 * (orders, invoices, stock, the queues), composed here. Read-only; `withRevenue` false (staff)
 * leaves every amount out.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly orders: OrderFigures,
    private readonly invoices: InvoiceRepository,
    private readonly stock: StockFigures,
    private readonly queues: QueueService,
  ) {}

  async figures(opts: { now: Date; locale: Locale; withRevenue: boolean }): Promise<AdminDashboard> {
    const { today, days } = dashboardWeek(opts.now, DASHBOARD_TIME_ZONE);
    const [perDay, waiting, lowStock, failedJobs, unfiscalized] = await Promise.all([
      this.orders.perDay(days[0]!, addDays(days[6]!, 1), DASHBOARD_TIME_ZONE),
      this.orders.waiting(),
      this.stock.lowStock(LOW_STOCK_LISTED, opts.locale),
      this.queues.failedCount(),
      this.invoices.unfiscalizedCounts(),
    ]);
    const byDate = new Map(perDay.map((d) => [d.date, d]));
    const day = (date: string): DashboardDay => {
      const found = byDate.get(date);
      const orders = found?.orders ?? 0;
      return opts.withRevenue ? { date, orders, revenue: found?.revenue ?? 0 } : { date, orders };
    };
    const week = days.map(day);
    const weekOrders = week.reduce((n, d) => n + d.orders, 0);
    return {
      generated_at: opts.now.toISOString(),
      time_zone: DASHBOARD_TIME_ZONE,
      today: day(today),
      week: {
        from: days[0]!,
        to: days[6]!,
        orders: weekOrders,
        ...(opts.withRevenue ? { revenue: week.reduce((n, d) => n + (d.revenue ?? 0), 0) } : {}),
        days: week,
      },
      to_ship: waiting.toShip,
      card_payments_pending: waiting.cardPaymentsPending,
      low_stock: { count: lowStock.count, products: lowStock.products },
      failed_jobs: failedJobs,
      invoices_unfiscalized: unfiscalized,
      revenue_visible: opts.withRevenue,
    };
  }
}
