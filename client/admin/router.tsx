/**
 * The back office's screens: a code-based route tree under /admin (docs/admin.md 'How to add a
 * screen'). Each screen is one route here; its component lives in its own folder.
 */
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { AuditLog } from './audit/audit';
import { auditSearch } from './audit/audit-search';
import { ContentEdit, ContentNew } from './content/content-edit';
import { ContentList } from './content/content-list';
import { contentSearch, newContentSearch } from './content/content-search';
import { CouponEdit, CouponNew } from './coupons/coupon-edit';
import { CouponList } from './coupons/coupon-list';
import { couponSearch } from './coupons/coupon-search';
import { CustomerList } from './customers/customer-list';
import { CustomerPage } from './customers/customer-page';
import { customerSearch } from './customers/customer-search';
import { Dashboard } from './dashboard/dashboard';
import { Frame } from './frame/frame';
import { NotFound } from './frame/status';
import { CampaignEdit, CampaignNew } from './newsletter/campaign-edit';
import { CampaignList } from './newsletter/campaign-list';
import { campaignSearch, subscriberSearch } from './newsletter/newsletter-search';
import { Subscribers } from './newsletter/subscribers';
import { OrderList } from './orders/order-list';
import { OrderPage } from './orders/order-page';
import { orderSearch } from './orders/order-search';
import { ProductList } from './products/product-list';
import { ProductDetails, ProductNew } from './products/product-details';
import { ProductPage } from './products/product-page';
import { Categories } from './categories/categories';
import { ProductPhotos } from './products/photos';
import { parseListSearch } from './products/search';

const root = createRootRoute({ component: Frame, notFoundComponent: NotFound });

const dashboard = createRoute({ getParentRoute: () => root, path: '/', component: Dashboard });

/** The products list: its filters, sort and page are search params (products/search.ts). */
const products = createRoute({ getParentRoute: () => root, path: '/products', component: ProductList, validateSearch: parseListSearch });

const product = createRoute({ getParentRoute: () => root, path: '/products/$code', component: ProductPage });
// A new product, and one product's texts and fields ('Details', a tab beside 'Stock and price').
const productNew = createRoute({ getParentRoute: () => root, path: '/products/new', component: ProductNew });
const productDetails = createRoute({ getParentRoute: () => root, path: '/products/$code/details', component: ProductDetails });
// The categories: names and slugs in four languages, their order in the shop.
const categories = createRoute({ getParentRoute: () => root, path: '/categories', component: Categories });

/** A product's photos: upload (camera or files), order, alt text per language, centre of interest. */
const productPhotos = createRoute({ getParentRoute: () => root, path: '/products/$code/photos', component: ProductPhotos });

// Coupons (admin only: the API refuses staff, the screens then show 'not allowed') and the change history.
const coupons = createRoute({ getParentRoute: () => root, path: '/coupons', component: CouponList, validateSearch: couponSearch });
const couponNew = createRoute({ getParentRoute: () => root, path: '/coupons/new', component: CouponNew });
const coupon = createRoute({ getParentRoute: () => root, path: '/coupons/$id', component: CouponEdit });
// Orders: the list (view, filters, sort, page in the URL) and one order.
const orders = createRoute({ getParentRoute: () => root, path: '/orders', component: OrderList, validateSearch: orderSearch });
const order = createRoute({ getParentRoute: () => root, path: '/orders/$number', component: OrderPage });
// Customers and business invitations (admin only, as coupons).
const customers = createRoute({ getParentRoute: () => root, path: '/customers', component: CustomerList, validateSearch: customerSearch });
const customer = createRoute({ getParentRoute: () => root, path: '/customers/$id', component: CustomerPage });
// Content (admin and staff): the texts of the site in four languages (docs/admin.md 'Content in the back office').
const content = createRoute({ getParentRoute: () => root, path: '/content', component: ContentList, validateSearch: contentSearch });
const contentNew = createRoute({
  getParentRoute: () => root,
  path: '/content/new',
  component: ContentNew,
  validateSearch: newContentSearch,
});
const contentEntry = createRoute({ getParentRoute: () => root, path: '/content/$id', component: ContentEdit });
const audit = createRoute({ getParentRoute: () => root, path: '/audit', component: AuditLog, validateSearch: auditSearch });

// The newsletter (admin only): campaigns, a campaign, the subscribers with their consent records.
const campaigns = createRoute({ getParentRoute: () => root, path: '/newsletter', component: CampaignList, validateSearch: campaignSearch });
const campaignNew = createRoute({ getParentRoute: () => root, path: '/newsletter/new', component: CampaignNew });
const subscribers = createRoute({
  getParentRoute: () => root,
  path: '/newsletter/subscribers',
  component: Subscribers,
  validateSearch: subscriberSearch,
});
const campaign = createRoute({ getParentRoute: () => root, path: '/newsletter/$id', component: CampaignEdit });

const routeTree = root.addChildren([
  dashboard,
  orders,
  order,
  products,
  productNew,
  product,
  productDetails,
  productPhotos,
  categories,
  coupons,
  couponNew,
  coupon,
  customers,
  customer,
  content,
  contentNew,
  contentEntry,
  audit,
  campaigns,
  campaignNew,
  subscribers,
  campaign,
]);

export function createAdminRouter() {
  return createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
