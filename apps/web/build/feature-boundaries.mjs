// An ESLint rule: the web app's features stand alone (docs/decisions.md "Feature boundaries").
// apps/web/src/features/X may not import apps/web/src/features/Y (X ≠ Y), in tests too, and lib/ and
// components/ import no feature at all. What two features share lives in lib/ (data, hooks) or components/
// (UI); app/ and routes/ are where features are put together. Checked on the resolved path, so that
// `../../y/z`, `../y` and `vi.mock('../y/z')` are all caught however deep the importing file is.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** Where a file is in the web app's source: its top folder and, under features/, its feature; else null. */
export function placeOf(file) {
  const at = file.lastIndexOf(SRC);
  if (at < 0) return null;
  const [top, feature] = file.slice(at + SRC.length).split(path.sep);
  return { top, feature: top === 'features' ? feature : undefined };
}

/** Why `importer` may not import `source` (a module specifier), or null when it may. */
export function boundaryProblem(importer, source) {
  if (!source.startsWith('.')) return null;
  const from = placeOf(importer);
  const to = placeOf(path.resolve(path.dirname(importer), source));
  if (!from || !to || to.top !== 'features' || !to.feature) return null;
  if (from.top === 'features' && from.feature && from.feature !== to.feature) {
    return { messageId: 'crossFeature', data: { from: from.feature, to: to.feature } };
  }
  if (from.top === 'lib' || from.top === 'components') {
    return { messageId: 'sharedImportsFeature', data: { from: from.top, to: to.feature } };
  }
  return null;
}

/** vi.mock('…'), vi.doMock, vi.importActual, vi.importMock: test helpers that load a module by path. */
const MODULE_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports no other feature; lib/ and components/ import no feature.' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} may not import features/{{to}}: move what both need to lib/ or components/, or put them together in app/ or routes/.',
      sharedImportsFeature:
        '{{from}}/ may not import features/{{to}}: what is shared may not depend on a feature.',
    },
  },
  create(context) {
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const problem = boundaryProblem(context.filename, node.value);
      if (problem) context.report({ node, ...problem });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          MODULE_CALLS.has(callee.property.name)
        ) {
          check(node.arguments[0]);
        }
      },
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
