/**
 * Every path of the shop's JSON API the front end calls, in one place (the server's routes: docs/catalog.md,
 * docs/cart.md, docs/account.md, docs/content.md). The feature API modules (api/catalog.ts, features/cart/cart-api.ts,
 * features/account/account-api.ts, features/account/session.ts) build their requests from these; no screen
 * writes an `/api/...` path itself.
 */
import { invoicePaths } from '../../../contract/invoice-paths';

const segment = (value: string) => encodeURIComponent(value);

export const apiPaths = {
  catalog: {
    categories: '/api/catalog/categories',
    products: '/api/catalog/products',
    product: (slug: string) => `/api/catalog/products/${segment(slug)}`,
  },
  cart: {
    cart: '/api/cart',
    items: '/api/cart/items',
    item: (productCode: string) => `/api/cart/items/${segment(productCode)}`,
    coupon: '/api/cart/coupon',
    destination: '/api/cart/destination',
  },
  auth: {
    session: '/api/auth/session',
    login: '/api/auth/login',
    loginGoogle: '/api/auth/login/google',
    google: '/api/auth/google',
    logout: '/api/auth/logout',
    refresh: '/api/auth/refresh',
    providers: '/api/auth/providers',
    magicLink: '/api/auth/magic-link',
    magicLinkVerify: '/api/auth/magic-link/verify',
    passwordRequest: '/api/auth/password/request',
    passwordReset: '/api/auth/password/reset',
  },
  contact: {
    /** The contact form (SPEC section 7: POST /api/mail). */
    mail: '/api/mail',
  },
  users: {
    register: '/api/users',
    activate: '/api/users/activate',
    activationResend: '/api/users/activate/resend',
    emailConfirm: '/api/users/email/confirm',
    inviteAccept: '/api/users/invite/accept',
    me: '/api/users/me',
    mePassword: '/api/users/me/password',
  },
  content: {
    page: (key: string) => `/api/content/pages/${segment(key)}`,
    home: '/api/content/home',
    recipeCategories: '/api/content/recipe-categories',
    recipes: '/api/content/recipes',
    recipe: (slug: string) => `/api/content/recipes/${segment(slug)}`,
    blog: '/api/content/blog',
    blogPost: (slug: string) => `/api/content/blog/${segment(slug)}`,
    superfoodie: '/api/content/superfoodie',
    superfoodiePage: (slug: string) => `/api/content/superfoodie/${segment(slug)}`,
    methods: '/api/content/methods',
    method: (word: string) => `/api/content/methods/${segment(word)}`,
    campaign: '/api/content/campaign',
    aboutUs: '/api/content/about-us',
    downloads: '/api/content/downloads',
    euProjects: '/api/content/eu-projects',
    /** The published entries with pages of their own, for the sitemaps (client/src/ssr/sitemap.ts). */
    sitemap: '/api/content/sitemap',
  },
  video: {
    /** GET ?url=: a YouTube or Vimeo video's title and poster (docs/video.md). */
    oembed: '/api/video/oembed',
  },
  orders: {
    list: '/api/orders',
    /** POST: place an order from the cart (checkout). */
    place: '/api/orders',
    /** GET: one order, for its owner or with its view token. */
    order: (number: string) => `/api/orders/${segment(number)}`,
    /** POST: a new card payment attempt for the order ('try again' on the failure page). */
    retryPayment: (number: string) => `/api/orders/${segment(number)}/payment`,
    /** GET: the caller's pending (unpaid card) order with its view token, or null. */
    pending: '/api/orders/pending',
    /** POST: switch a pending card order to cash on delivery (`expected_total` accepts a changed total). */
    cashOnDelivery: (number: string) => `/api/orders/${segment(number)}/cash-on-delivery`,
    /** POST: the buyer cancels a pending order; its lines go back into the cart. */
    cancel: (number: string) => `/api/orders/${segment(number)}/cancel`,
    /** GET: the order's invoices and stornos, oldest first (same access as the order; docs/invoicing/buyer.md). */
    invoices: invoicePaths.list,
  },
  newsletter: {
    subscribe: '/api/newsletter/subscriptions',
    confirm: '/api/newsletter/confirm',
    /** POST: one-click unsubscribe by the mailed token (also the unsubscribe page's plain form). */
    unsubscribe: (token: string) => `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  },
} as const;
