import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { importBoundaries } from "./import-boundaries.js";

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser as never,
    ecmaVersion: 2023,
    sourceType: "module",
  },
});
const at = (p: string) => path.join(process.cwd(), p);

// RuleTester declares its own describe/it blocks (one test per case).
tester.run("import-boundaries", importBoundaries, {
  valid: [
    {
      filename: at("server/modules/order/order.service.ts"),
      code: "import { x } from '../catalog/index.js';",
    },
    {
      filename: at("server/modules/order/order.service.ts"),
      code: "import { y } from './order.entity.js';",
    },
    {
      filename: at("server/app.module.ts"),
      code: "import { CatalogModule } from './modules/catalog/index.js';",
    },
    {
      filename: at("server/platform/events/relay.ts"),
      code: "import { q } from '../queue/index.js';",
    },
    {
      filename: at("client/src/api/cart.ts"),
      code: "import type { Cart } from '../../../server/modules/cart/index.js';",
    },
    {
      filename: at("client/src/api/cart.ts"),
      code: "import { type Cart } from '../../../server/modules/cart/index.js';",
    },
  ],
  invalid: [
    {
      filename: at('client/src/api/cart.ts'),
      code: "import type { Cart } from '../../../server/modules/cart/cart.entity.js';",
      errors: [{ messageId: 'deepModuleImport' }],
    },
    {
      filename: at('client/src/api/cart.ts'),
      code: "import { DELIVERY } from '../../../server/modules/cart/cart.types.js';",
      errors: [{ messageId: 'clientImportsServer' }],
    },
    {
      filename: at("server/modules/order/order.service.ts"),
      code: "import { Product } from '../catalog/product.entity.js';",
      errors: [{ messageId: "deepModuleImport" }],
    },
    {
      filename: at("server/app.module.ts"),
      code: "export { CartService } from './modules/cart/cart.service.js';",
      errors: [{ messageId: "deepModuleImport" }],
    },
    {
      filename: at("server/platform/mail/mail.service.ts"),
      code: "import { User } from '../../modules/identity/index.js';",
      errors: [{ messageId: "platformImportsModule" }],
    },
    {
      filename: at("client/src/api/cart.ts"),
      code: "import { loadConfig } from '../../../server/config/config.js';",
      errors: [{ messageId: "clientImportsServer" }],
    },
    {
      filename: at("client/src/api/cart.ts"),
      code: "const m = import('../../../server/main.js');",
      errors: [{ messageId: "clientImportsServer" }],
    },
  ],
});
