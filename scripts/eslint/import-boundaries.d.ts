import type { Rule } from 'eslint';
export declare const importBoundaries: Rule.RuleModule;
export declare const MODULE_EDGES: Readonly<Record<string, readonly string[]>>;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
