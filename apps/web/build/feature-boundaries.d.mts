import type { Rule } from 'eslint';

export function placeOf(file: string): { top: string; feature: string | undefined } | null;
export function boundaryProblem(
  importer: string,
  source: string,
): { messageId: string; data: Record<string, string> } | null;
export const noCrossFeatureImports: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
