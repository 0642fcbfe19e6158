import { parseAst, type Plugin } from 'vite';

/** The contract's files; the web app reads their types and a few of their schemas. */
const CONTRACT_FILE = /\/packages\/contract\/src\/.*\.ts$/;

/**
 * What the web app leaves out of an endpoint: its schemas (the server validates with them, the web app only
 * needs their types) and its summary (the OpenAPI document's text).
 */
const DROPPED_KEYS = new Set(['params', 'query', 'reply', 'summary']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Every node with whether it runs when the module loads (outside any function body). */
function* walk(node: Node, atLoad = true): Generator<[Node, boolean]> {
  yield [node, atLoad];
  const inside = atLoad && !FUNCTIONS.has(node.type);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item, inside);
    } else if (isNode(value)) yield* walk(value, inside);
  }
}

/** An object literal property's name when it is a plain `name: value` (or shorthand) property. */
function propName(prop: Node): string | undefined {
  const key = prop.key as Node | undefined;
  return prop.type === 'Property' && key?.type === 'Identifier' ? (key.name as string) : undefined;
}

/**
 * The source ranges that remove the dropped properties with their commas, none overlapping: a property up
 * to the next one, and the run of dropped properties at the end from the last kept one's end. Removed
 * rather than set to undefined: 150 endpoints' `summary: void 0, params: void 0, …` were 0.2 KB gzip of
 * every signed-in page's and /signin's first load.
 */
function droppedRanges(props: readonly Node[], dropped: readonly boolean[]): Edit[] {
  const lastKept = dropped.lastIndexOf(false);
  const ranges: Edit[] = [];
  props.forEach((prop, i) => {
    if (dropped[i] && i < lastKept) ranges.push({ start: prop.start, end: props[i + 1]!.start, text: '' });
  });
  if (lastKept < props.length - 1) {
    const start = lastKept >= 0 ? props[lastKept]!.end : props[0]!.start;
    ranges.push({ start, end: props[props.length - 1]!.end, text: '' });
  }
  return ranges;
}

/**
 * A contract module as the web app needs it:
 * - `endpoint({ …, summary, params, query, body, reply })` loses its summary and schemas (`body` becomes
 *   `true`): the API client
 *   reads only the id, method, path, access and whether there is a body (lib/api.ts);
 * - every call made when the module loads (building a schema or a constant) is marked pure.
 * A page that calls two endpoints then carries only the schemas it uses itself (a form that validates
 * an e-mail address), and zod only if it uses one; the public signing pages and /signin carry none.
 * The contract's modules only declare: no call made at load has an effect that another module needs.
 * A property read in a schema's arguments (`.max(LIST.length - 1)`) counts as an effect and keeps the
 * schema, and zod with it: give such values a constant of their own (GUIDE_LAST_STEP).
 */
export function prepareContractModule(code: string, keep: ReadonlySet<string> = new Set()): string {
  const edits: Edit[] = [];
  for (const [node, atLoad] of walk(parseAst(code, { lang: 'ts' }) as unknown as Node)) {
    if (atLoad && (node.type === 'CallExpression' || node.type === 'NewExpression')) {
      edits.push({ start: node.start, end: node.start, text: '/* @__PURE__ */ ' });
    }
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    const [arg] = node.arguments as Node[];
    if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || arg?.type !== 'ObjectExpression')
      continue;
    const props = arg.properties as Node[];
    const dropped = props.map((prop) => {
      const name = propName(prop);
      return name !== undefined && DROPPED_KEYS.has(name) && !keep.has(name);
    });
    props.forEach((prop, i) => {
      if (!dropped[i] && propName(prop) === 'body') {
        const value = prop.value as Node;
        edits.push({ start: value.start, end: value.end, text: 'true' });
      }
    });
    edits.push(...droppedRanges(props, dropped));
  }
  // A replaced schema takes the pure marks of the calls inside it along.
  const replaced = edits.filter((e) => e.end > e.start);
  const kept = edits.filter(
    (e) => e.end > e.start || !replaced.some((r) => e.start >= r.start && e.start < r.end),
  );
  let out = code;
  for (const edit of kept.sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * The web build's view of the contract (see prepareContractModule). `keep` names dropped keys to keep: the
 * unit tests keep `reply`, so that mocked replies are checked against it (src/test/contract-replies.ts).
 */
export function contractEndpoints(keep: readonly string[] = []): Plugin {
  const kept = new Set(keep);
  return {
    name: 'sinetti-contract-endpoints',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id)) return null;
      return { code: prepareContractModule(code, kept), map: null };
    },
  };
}
