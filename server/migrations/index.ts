import type { MigrationInterface } from 'typeorm';
import { SeedRun1795300000000 } from './1795300000000-seed-run.js';
import { Outbox1795400000000 } from './1795400000000-outbox.js';
import { Catalog1795510000000 } from './1795510000000-catalog.js';
import { CartAndCoupons1795700000000 } from './1795700000000-cart-and-coupons.js';
import { Orders1795800000000 } from './1795800000000-orders.js';
import { Identity1795900000000 } from './1795900000000-identity.js';
import { PersonalCoupons1796000000000 } from './1796000000000-personal-coupons.js';
import { EmailChange1796100000000 } from './1796100000000-email-change.js';
import { OutboxRedelivery1796230000000 } from './1796230000000-outbox-redelivery.js';
import { CartNotices1796300000000 } from './1796300000000-cart-notices.js';
import { CouponIssueKey1796400000000 } from './1796400000000-coupon-issue-key.js';
import { PaymentSandbox1796500000000 } from './1796500000000-payment-sandbox.js';
import { OrderPlacement1796600000000 } from './1796600000000-order-placement.js';
import { PaymentSettlement1796700000000 } from './1796700000000-payment-settlement.js';
import { OrderHistory1796800000000 } from './1796800000000-order-history.js';
import { CatalogGrowth1796810000000 } from './1796810000000-catalog-growth.js';
import { CatalogSearch1796820000000 } from './1796820000000-catalog-search.js';
import { Content1796900000000 } from './1796900000000-content.js';
import { ContactMessage1797020000000 } from './1797020000000-contact-message.js';
import { Newsletter1797000000000 } from './1797000000000-newsletter.js';
import { MonriAttemptReference1797200000000 } from './1797200000000-monri-attempt-reference.js';
import { OrderPaymentReminder1797300000000 } from './1797300000000-order-payment-reminder.js';
import { OutgoingMail1797500000000 } from './1797500000000-outgoing-mail.js';
import { ProductKpdCode1797610000000 } from './1797610000000-product-kpd-code.js';
import { ProductVatClass1797620000000 } from './1797620000000-product-vat-class.js';
import { Invoicing1797700000000 } from './1797700000000-invoicing.js';
import { StaffRole1797800000000 } from './1797800000000-staff-role.js';
import { AuditLog1797800100000 } from './1797800100000-audit-log.js';
import { CatalogAdmin1797820000000 } from './1797820000000-catalog-admin.js';
import { CouponAdmin1797830000000 } from './1797830000000-coupon-admin.js';
import { ProductEditing1797840000000 } from './1797840000000-product-editing.js';
import { Media1797850000000 } from './1797850000000-media.js';
import { CustomerAdmin1797860000000 } from './1797860000000-customer-admin.js';
import { ContentAdmin1797870000000 } from './1797870000000-content-admin.js';
import { NewsletterCampaigns1797880000000 } from './1797880000000-newsletter-campaigns.js';
import { OrderBackOffice1797890000000 } from './1797890000000-order-back-office.js';

/**
 * Every migration, in order. Files are named `<timestamp>-<what>.ts` and export a class whose
 * name ends with the same timestamp (TypeORM sorts by it). Never edit an applied migration.
 */
export const migrations: Array<new () => MigrationInterface> = [
  SeedRun1795300000000,
  Outbox1795400000000,
  Catalog1795510000000,
  CartAndCoupons1795700000000,
  Orders1795800000000,
  Identity1795900000000,
  PersonalCoupons1796000000000,
  EmailChange1796100000000,
  OutboxRedelivery1796230000000,
  CartNotices1796300000000,
  CouponIssueKey1796400000000,
  PaymentSandbox1796500000000,
  OrderPlacement1796600000000,
  PaymentSettlement1796700000000,
  OrderHistory1796800000000,
  CatalogGrowth1796810000000,
  CatalogSearch1796820000000,
  Content1796900000000,
  Newsletter1797000000000,
  ContactMessage1797020000000,
  MonriAttemptReference1797200000000,
  OrderPaymentReminder1797300000000,
  OutgoingMail1797500000000,
  ProductKpdCode1797610000000,
  ProductVatClass1797620000000,
  Invoicing1797700000000,
  StaffRole1797800000000,
  AuditLog1797800100000,
  CatalogAdmin1797820000000,
  CouponAdmin1797830000000,
  ProductEditing1797840000000,
  Media1797850000000,
  CustomerAdmin1797860000000,
  ContentAdmin1797870000000,
  NewsletterCampaigns1797880000000,
  OrderBackOffice1797890000000,
];
