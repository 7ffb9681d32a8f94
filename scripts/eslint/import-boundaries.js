// Local ESLint rule: keeps the dependency picture a tree you can draw (ARCHITECTURE.md section 2).
//  - a business module is imported only through its index.ts (server/modules/<name>/index.ts);
//  - server/platform/ imports no business module;
//  - client/ imports nothing from server/, not even types: the API's shapes are contract/api's schemas;
//  - server/ and emails/ import nothing from client/, emails/ nothing from server/ (type imports
//    included): what they share lives in contract/ (contract/README.md);
//  - contract/ imports nothing from server/, client/ or emails/.
import path from 'node:path';

const ROOT = process.cwd();

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

function isModuleIndex(p) {
  return /^server\/modules\/[^/]+\/index(\.[jt]sx?)?$/.test(p);
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Enforce module boundaries: modules via index.ts, platform knows no module, client never imports server, server and emails never import client, emails never server, contract nothing of theirs.',
    },
    messages: {
      deepModuleImport: "Import module '{{target}}' through its index.ts ('{{index}}'), not '{{source}}'.",
      platformImportsModule: "server/platform/ knows no business module: '{{source}}' is a module file.",
      clientImportsServer: "client/ does not import server/ (not even types): the API's shapes are in contract/api. '{{source}}'.",
      importsClient: "{{from}}/ does not import client/ (not even types): move what both need to contract/. '{{source}}'.",
      emailsImportsServer: "emails/ does not import server/ (not even types): move what both need to contract/. '{{source}}'.",
      contractImportsApp: "contract/ is plain shared TypeScript and imports nothing from {{to}}/: '{{source}}'.",
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
      if (moduleOf(from) !== target && !isModuleIndex(to)) {
        context.report({ node, messageId: 'deepModuleImport', data: { source, target, index: `server/modules/${target}/index.ts` } });
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
