import { z } from 'zod';
import { data } from './fields.js';

/**
 * `GET /api/admin/dashboard`: the back office's first screen (docs/admin.md 'Dashboard'). Counts for
 * every operator; revenue (gross integer euro cents) only for role admin: staff see no prices
 * (issue 22), so for them the server leaves every `revenue` out. Days are calendar days in Zagreb.
 */

/** How many low-stock products the dashboard names (the count covers all of them). */
export const LOW_STOCK_LISTED = 10;
/** The zone the dashboard's days are counted in: the shop's own. */
export const DASHBOARD_TIME_ZONE = 'Europe/Zagreb';

const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ format: 'date' });
const revenue = z.number().int().optional().meta({ description: 'Gross cents of the counted orders; left out for staff' });

/** Orders placed on one day (or in a period): cancelled orders and failed or refunded payments do not count. */
export const DashboardPeriod = z.object({
  orders: z.number().int(),
  revenue,
});

export const DashboardDay = DashboardPeriod.extend({ date: DATE });
export type DashboardDay = z.infer<typeof DashboardDay>;

export const LowStockProduct = z.object({
  code: z.string(),
  name: z.string().meta({ description: 'In the language of the request' }),
  stock: z.number().int(),
  threshold: z.number().int().meta({ description: "The product's own low-stock threshold (packs)" }),
});

export const AdminDashboard = z.object({
  generated_at: z.string().meta({ format: 'date-time' }),
  time_zone: z.literal(DASHBOARD_TIME_ZONE),
  today: DashboardDay,
  week: DashboardPeriod.extend({
    from: DATE.meta({ description: 'Monday of this week' }),
    to: DATE.meta({ description: 'Sunday of this week' }),
    days: z.array(DashboardDay).length(7).meta({ description: 'Monday to Sunday' }),
  }),
  to_ship: z.number().int().meta({ description: 'Orders placed and ready to ship (cash on delivery, or a paid card order)' }),
  card_payments_pending: z.number().int().meta({ description: 'Card orders still awaiting payment, not cancelled' }),
  low_stock: z.object({
    count: z.number().int().meta({ description: 'Products with tracked stock at or below their own low-stock threshold' }),
    products: z.array(LowStockProduct).meta({ description: `The lowest stock first, at most ${LOW_STOCK_LISTED}` }),
  }),
  failed_jobs: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Failed background jobs kept by the queues (all queues); null when the queues did not answer in time' }),
  invoices_unfiscalized: z.object({
    pending: z.number().int().meta({ description: 'Issued, waiting for the JIR' }),
    rejected: z.number().int().meta({ description: 'Refused by the Tax Administration' }),
  }),
  revenue_visible: z.boolean().meta({ description: 'Whether the revenue figures are there (role admin)' }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export const AdminDashboardResponse = data(AdminDashboard);
