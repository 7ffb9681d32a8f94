import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './import-boundaries.js';

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser as never,
    ecmaVersion: 2023,
    sourceType: 'module',
  },
});
const at = (p: string) => path.join(process.cwd(), p);

// RuleTester declares its own describe/it blocks (one test per case).
tester.run('import-boundaries', importBoundaries, {
  valid: [
    {
      filename: at('server/modules/order/order.service.ts'),
      code: "import { x } from '../catalog/index.js';",
    },
    {
      filename: at('server/modules/order/order.service.ts'),
      code: "import { y } from './order.entity.js';",
    },
    // edges MODULE_EDGES allows: order -> catalog above, cart -> identity (type imports alike)
    {
      filename: at('server/modules/cart/guest-cart-handover.ts'),
      code: "import { SignInHandovers } from '../identity/index.js';",
    },
    {
      filename: at('server/modules/cart/listeners/birthday-coupon.listener.ts'),
      code: "import type { SignInHandover } from '../../identity/index.js';",
    },
    // every module reaches platform/ and contract/; the composition root reaches every module
    {
      filename: at('server/modules/content/content-admin.controller.ts'),
      code: "import { RequireAuth } from '../../platform/auth/index.js';",
    },
    {
      filename: at('server/app.module.ts'),
      code: "import { VideoModule } from './modules/video/index.js';",
    },
    {
      filename: at('server/app.module.ts'),
      code: "import { CatalogModule } from './modules/catalog/index.js';",
    },
    {
      filename: at('server/platform/events/relay.ts'),
      code: "import { q } from '../queue/index.js';",
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import type { CartView } from '../../../contract/api/cart';",
    },
    // what server, client and e-mails share comes from contract/
    {
      filename: at('server/modules/identity/identity-links.ts'),
      code: "import { publicPath } from '../../../contract/paths.js';",
    },
    {
      filename: at('emails/components/mail-footer.tsx'),
      code: "import { company } from '../../contract/brand/company.js';",
    },
    {
      filename: at('client/src/components/layout/footer.tsx'),
      code: "import { company } from '../../../../contract/brand/company';",
    },
    {
      filename: at('contract/paths.ts'),
      code: "import { LOCALES } from './locales.js';",
    },
    {
      filename: at('server/platform/mail/mail.service.ts'),
      code: "import { renderMail } from '../../../emails/render.js';",
    },
    {
      filename: at('emails/render.ts'),
      code: "import { LOCALES } from '../contract/locales.js';",
    },
    {
      filename: at('server/platform/ssr/ssr-renderer.ts'),
      code: "const entry = await vite.ssrLoadModule('/client/src/entry-server.tsx');",
    },
    // the back office may use the shop's client code (the HTTP client), and its own
    { filename: at('client/admin/api.ts'), code: "import { createApi } from '../src/api/http';" },
    { filename: at('client/admin/main.tsx'), code: "import { createAdminRouter } from './router';" },
  ],
  invalid: [
    {
      filename: at('client/src/boot.tsx'),
      code: "import { Dashboard } from '../admin/dashboard/dashboard';",
      errors: [{ messageId: 'shopImportsBackOffice' }],
    },
    {
      filename: at('client/src/routes/__root.tsx'),
      code: "const admin = await import('../../admin/main');",
      errors: [{ messageId: 'shopImportsBackOffice' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import type { Cart } from '../../../server/modules/cart/cart.entity.js';",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import type { CartView } from '../../../server/modules/cart/cart.types.js';",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import { type Cart } from '../../../server/modules/cart/index.js';",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import { DELIVERY } from '../../../server/modules/cart/cart.types.js';",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at('server/modules/order/order.service.ts'),
      code: "import { Product } from '../catalog/product.entity.js';",
      errors: [{ messageId: 'deepModuleImport' }],
    },
    {
      filename: at('server/app.module.ts'),
      code: "export { CartService } from './modules/cart/cart.service.js';",
      errors: [{ messageId: 'deepModuleImport' }],
    },
    // edges MODULE_EDGES does not list: identity no longer reaches the cart (cart owns the merge at sign-in)
    {
      filename: at('server/modules/identity/identity.module.ts'),
      code: "import { CartModule } from '../cart/index.js';",
      errors: [{ messageId: 'forbiddenModuleEdge', data: { from: 'identity', target: 'cart', source: '../cart/index.js' } }],
    },
    {
      filename: at('server/modules/identity/listeners/newsletter-status.listener.ts'),
      code: "import type { CartView } from '../../cart/index.js';",
      errors: [{ messageId: 'forbiddenModuleEdge' }],
    },
    {
      filename: at('server/modules/catalog/catalog.service.ts'),
      code: "export { OrderModule } from '../order/index.js';",
      errors: [{ messageId: 'forbiddenModuleEdge' }],
    },
    {
      filename: at('server/modules/content/content.service.ts'),
      code: "const m = await import('../identity/index.js');",
      errors: [{ messageId: 'forbiddenModuleEdge' }],
    },
    // a module without a row imports no module
    {
      filename: at('server/modules/returns/returns.service.ts'),
      code: "import { OrderReadService } from '../order/index.js';",
      errors: [{ messageId: 'forbiddenModuleEdge', data: { from: 'returns', target: 'order', source: '../order/index.js' } }],
    },
    {
      filename: at('server/platform/mail/mail.service.ts'),
      code: "import { User } from '../../modules/identity/index.js';",
      errors: [{ messageId: 'platformImportsModule' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import { loadConfig } from '../../../server/config/config.js';",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "const m = import('../../../server/main.js');",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at('server/modules/identity/identity-links.ts'),
      code: "import { publicPath } from '../../../client/src/i18n/paths.js';",
      errors: [{ messageId: 'importsClient' }],
    },
    {
      filename: at('server/platform/ssr/ssr-renderer.ts'),
      code: "import type { SsrEntry } from '../../../client/src/ssr-contract.js';",
      errors: [{ messageId: 'importsClient' }],
    },
    {
      filename: at('server/main.ts'),
      code: "export * from '../client/src/brand/company.js';",
      errors: [{ messageId: 'importsClient' }],
    },
    {
      filename: at('emails/components/mail-footer.tsx'),
      code: "import { company } from '../../client/src/brand/company.js';",
      errors: [{ messageId: 'importsClient' }],
    },
    {
      filename: at('emails/render.ts'),
      code: "import type { Locale } from '../client/src/i18n/instance.js';",
      errors: [{ messageId: 'importsClient' }],
    },
    {
      filename: at('emails/render.ts'),
      code: "import { APP_CONFIG } from '../server/config/index.js';",
      errors: [{ messageId: 'emailsImportsServer' }],
    },
    {
      filename: at('emails/templates/order.email.tsx'),
      code: "import type { OrderView } from '../../server/modules/order/index.js';",
      errors: [{ messageId: 'emailsImportsServer' }],
    },
    {
      filename: at('contract/paths.ts'),
      code: "import { x } from '../server/platform/i18n/index.js';",
      errors: [{ messageId: 'contractImportsApp' }],
    },
    {
      filename: at('contract/money.ts'),
      code: "import type { CartView } from '../client/src/features/cart/cart-types.js';",
      errors: [{ messageId: 'contractImportsApp' }],
    },
    {
      filename: at('contract/brand/company.ts'),
      code: "const m = import('../../emails/render.js');",
      errors: [{ messageId: 'contractImportsApp' }],
    },
  ],
});
