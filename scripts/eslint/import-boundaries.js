// Local ESLint rule: keeps the dependency picture a tree you can draw (ARCHITECTURE.md section 2).
//  - a business module is imported only through its index.ts (server/modules/<name>/index.ts);
//  - a business module imports only the modules its row of MODULE_EDGES names;
//  - server/platform/ imports no business module;
//  - client/ imports nothing from server/, not even types: the API's shapes are contract/api's schemas;
//  - server/ and emails/ import nothing from client/, emails/ nothing from server/ (type imports
//    included): what they share lives in contract/ (contract/README.md);
//  - contract/ imports nothing from server/, client/ or emails/;
//  - the shop's client (client/ outside client/admin/) imports nothing from the back office
//    (client/admin/): no byte of it may reach a shopper's pages (docs/admin.md).
import path from 'node:path';

const ROOT = process.cwd();

/**
 * Which business module may import which (server/modules/<row> -> the modules listed), the layering
 * docs/architecture.md draws ('Module edges'; a unit test keeps the two equal). Every module has a
 * row; the table has no cycle (tested). A new edge is one line here and one line in the docs.
 */
export const MODULE_EDGES = {
  backoffice: ['catalog', 'contact', 'identity', 'invoicing', 'newsletter', 'order'],
  cart: ['catalog', 'identity'],
  catalog: [],
  contact: [],
  content: ['catalog'],
  identity: [],
  invoicing: ['catalog', 'identity', 'order'],
  newsletter: ['identity'],
  order: ['cart', 'catalog', 'identity', 'payment'],
  payment: [],
  video: [],
};

function rel(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function moduleOf(p) {
  const m = /^server\/modules\/([^/]+)\//.exec(p);
  return m ? m[1] : undefined;
}

/** The top-level part of the codebase a repository path belongs to (server, client, emails, contract). */
function areaOf(p) {
  const m = /^(server|client|emails|contract)(\/|$)/.exec(p);
  return m ? m[1] : undefined;
}

/** The modules `module` may import: its row of MODULE_EDGES (none for a module without a row). */
function allowedImports(module) {
  return Object.hasOwn(MODULE_EDGES, module) ? MODULE_EDGES[module] : [];
}

function isModuleIndex(p) {
  return /^server\/modules\/[^/]+\/index(\.[jt]sx?)?$/.test(p);
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Enforce module boundaries: modules via index.ts and only along MODULE_EDGES, platform knows no module, client never imports server, the shop never the back office, server and emails never import client, emails never server, contract nothing of theirs.',
    },
    messages: {
      deepModuleImport: "Import module '{{target}}' through its index.ts ('{{index}}'), not '{{source}}'.",
      forbiddenModuleEdge:
        "Module '{{from}}' may not import module '{{target}}': the edge {{from}} -> {{target}} is not in the table of allowed module edges (MODULE_EDGES in scripts/eslint/import-boundaries.js, drawn in docs/architecture.md). '{{source}}'.",
      platformImportsModule: "server/platform/ knows no business module: '{{source}}' is a module file.",
      clientImportsServer: "client/ does not import server/ (not even types): the API's shapes are in contract/api. '{{source}}'.",
      importsClient: "{{from}}/ does not import client/ (not even types): move what both need to contract/. '{{source}}'.",
      emailsImportsServer: "emails/ does not import server/ (not even types): move what both need to contract/. '{{source}}'.",
      contractImportsApp: "contract/ is plain shared TypeScript and imports nothing from {{to}}/: '{{source}}'.",
      shopImportsBackOffice:
        "The shop's client does not import the back office (client/admin/): no byte of it may reach a shopper's pages. '{{source}}'.",
    },
    schema: [],
  },
  create(context) {
    const from = rel(context.filename);
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = rel(path.resolve(path.dirname(context.filename), source));
      const fromArea = areaOf(from);
      const toArea = areaOf(to);
      if ((fromArea === 'server' || fromArea === 'emails') && toArea === 'client') {
        context.report({ node, messageId: 'importsClient', data: { source, from: fromArea } });
        return;
      }
      if (fromArea === 'emails' && toArea === 'server') {
        context.report({ node, messageId: 'emailsImportsServer', data: { source } });
        return;
      }
      if (fromArea === 'contract' && toArea && toArea !== 'contract') {
        context.report({ node, messageId: 'contractImportsApp', data: { source, to: toArea } });
        return;
      }
      if (fromArea === 'client' && !from.startsWith('client/admin/') && to.startsWith('client/admin/')) {
        context.report({ node, messageId: 'shopImportsBackOffice', data: { source } });
        return;
      }
      if (fromArea === 'client' && toArea === 'server') {
        context.report({ node, messageId: 'clientImportsServer', data: { source } });
        return;
      }
      const target = moduleOf(to + '/');
      if (!to.startsWith('server/modules/') || !target) return;
      if (from.startsWith('server/platform/')) {
        context.report({ node, messageId: 'platformImportsModule', data: { source } });
        return;
      }
      const fromModule = moduleOf(from);
      if (fromModule === target) return;
      if (!isModuleIndex(to)) {
        context.report({ node, messageId: 'deepModuleImport', data: { source, target, index: `server/modules/${target}/index.ts` } });
        return;
      }
      if (fromModule && !allowedImports(fromModule).includes(target)) {
        context.report({ node, messageId: 'forbiddenModuleEdge', data: { source, from: fromModule, target } });
      }
    }
    return {
      ImportDeclaration(node) {
        check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
