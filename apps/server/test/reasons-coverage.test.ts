import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_REASONS, type ErrorReason } from '@sinetti/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Guards of issue #31 item 15: every reason of the contract is asserted by a server test (a planted bug in an
 * untested rule passed every test), and no CONFLICT leaves the server without a reason (the web app would
 * have only the English message to go by).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.join(here, '..', 'src');
const THIS_FILE = path.basename(fileURLToPath(import.meta.url));

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? tsFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
}

const parse = (file: string, text = fs.readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/**
 * True when the node is inside a call whose callee starts with `expect` (expect(…).toBe(…), expectReason(…)),
 * or in the table of a table-driven test (`it.each([…])`, whose rows the test expects).
 */
function inExpectation(node: ts.Node): boolean {
  for (let p: ts.Node | undefined = node.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isCallExpression(p) && /^expect/.test(p.expression.getText())) return true;
    if (ts.isCallExpression(p) && /^(it|test|describe)\.each$/.test(p.expression.getText())) return true;
  }
  return false;
}

/** The reasons each file asserts: string literals naming a reason inside an expectation. */
export function assertedReasons(files: { name: string; text: string }[]): Set<string> {
  const known = new Set<string>(ERROR_REASONS);
  const found = new Set<string>();
  for (const { name, text } of files) {
    walk(parse(name, text), (n) => {
      if (
        (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) &&
        known.has(n.text) &&
        inExpectation(n)
      ) {
        found.add(n.text);
      }
    });
  }
  return found;
}

/**
 * Reasons no server test asserts, each with why. Keep this list short: a reason listed here is one the web app
 * may meet without any test proving the server still answers it.
 */
const NOT_ASSERTED: Partial<Record<ErrorReason, string>> = {
  SIGNING_SESSION_REPLACED:
    'No server path answers it: a resumed signing session keeps its row and gets a new token ' +
    '(commands/signing/sessions.ts openBuiltInSession), so the old session URL answers 404 SIGNING_LINK_INVALID ' +
    '(asserted in reasons-signing.test.ts). The contract keeps it because the web app handles it for a session ' +
    'row ended as "replaced" (a value of the schema that nothing writes today).',
};

describe('every reason of the contract', () => {
  const files = tsFiles(here)
    .filter((f) => path.basename(f) !== THIS_FILE)
    .map((f) => ({ name: f, text: fs.readFileSync(f, 'utf8') }));
  const asserted = assertedReasons(files);

  it('is asserted by at least one server test, or listed with a reason why not', () => {
    const missing = ERROR_REASONS.filter((r) => !asserted.has(r) && !(r in NOT_ASSERTED));
    expect(missing, 'reasons no server test asserts (assert each by a request that meets its rule)').toEqual(
      [],
    );
  });

  it('lists as not asserted only reasons that exist and that no test asserts', () => {
    for (const reason of Object.keys(NOT_ASSERTED)) {
      expect(ERROR_REASONS, reason).toContain(reason);
      expect(asserted.has(reason), `${reason} is asserted now: take it off NOT_ASSERTED`).toBe(false);
    }
  });

  it('counts only literals inside an expectation (the scan itself)', () => {
    const sample = (body: string) => assertedReasons([{ name: 'sample.ts', text: body }]);
    expect([...sample(`expect(errorOf(res)).toMatchObject({ reason: 'SEALING' });`)]).toEqual(['SEALING']);
    expect([...sample(`expectReason(res, 409, 'CONFLICT', 'NOT_ARCHIVED');`)]).toEqual(['NOT_ARCHIVED']);
    expect([...sample(`it.each([['x', 'SEALING']])('%s', (_x, reason) => expect(r).toBe(reason));`)]).toEqual(
      ['SEALING'],
    );
    expect([...sample(`const r = 'SEALING'; // only mentioned`)]).toEqual([]);
  });
});

/**
 * The places where a CONFLICT is made without `.because(…)` right after it, as `file:line`. Made by
 * `new AppError('CONFLICT', …)`, by `conflict(…)` of lib/errors.ts, or by `new AppError(code, …)` with a
 * code that is not a literal (which must be one of ALLOWED_VARIABLE_CODES).
 */
export function conflictsWithoutReason(files: { name: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { name, text } of files) {
    const sf = parse(name, text);
    const importsConflict = /import\s*{[^}]*\bconflict\b[^}]*}\s*from\s*'[./]*(lib\/)?errors\.ts'/.test(text);
    walk(sf, (n) => {
      let made = false;
      if (ts.isNewExpression(n) && n.expression.getText() === 'AppError') {
        const code = n.arguments?.[0];
        if (code && ts.isStringLiteral(code)) made = code.text === 'CONFLICT';
        else {
          const where = `${path.basename(name)}:${n.getText().replace(/\s+/g, ' ')}`;
          if (!ALLOWED_VARIABLE_CODES.some((a) => where.startsWith(a))) made = true;
        }
      }
      if (importsConflict && ts.isCallExpression(n) && n.expression.getText() === 'conflict') made = true;
      if (!made) return;
      let p = n.parent;
      while (ts.isParenthesizedExpression(p)) p = p.parent;
      if (ts.isPropertyAccessExpression(p) && p.name.text === 'because') return;
      out.push(
        `${path.relative(serverSrc, name)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`,
      );
    });
  }
  return out;
}

/**
 * `new AppError(<variable code>, …)` sites that cannot make a CONFLICT without a reason, each with why:
 * - document-rules.ts assertAllowed: the code is CONFLICT or VALIDATION_FAILED, and `.because(refusal.reason)`
 *   follows; a Refusal's reason is required by its type.
 * - errors.ts (plugins) fromFastifyError: maps fastify's 4xx to NOT_FOUND, RATE_LIMITED or VALIDATION_FAILED.
 * - errors.ts (lib) conflict: the helper itself; each call is checked where it is made.
 */
const ALLOWED_VARIABLE_CODES = [
  'document-rules.ts:new AppError(code, refusal.message)',
  'errors.ts:new AppError(code, err.statusCode === 404 ? ',
];

describe('every CONFLICT the server answers', () => {
  it('names its reason', () => {
    const files = tsFiles(serverSrc)
      .filter((f) => !f.endsWith('.test.ts') && path.relative(serverSrc, f) !== path.join('lib', 'errors.ts'))
      .map((f) => ({ name: f, text: fs.readFileSync(f, 'utf8') }));
    expect(conflictsWithoutReason(files), 'add .because(<reason>) (a reason of packages/contract)').toEqual(
      [],
    );
  });

  it('is found by the scan when it has none (the scan itself)', () => {
    const sample = (text: string) => conflictsWithoutReason([{ name: path.join(serverSrc, 'x.ts'), text }]);
    expect(sample(`throw new AppError('CONFLICT', 'No.');`)).toEqual(['x.ts:1']);
    expect(sample(`throw new AppError('CONFLICT', 'No.').because('SEALING');`)).toEqual([]);
    expect(sample(`throw (new AppError('NOT_FOUND', 'No.'));`)).toEqual([]);
    expect(sample(`import { conflict } from '../../lib/errors.ts';\nthrow conflict('No.');`)).toEqual([
      'x.ts:2',
    ]);
    expect(
      sample(`import { conflict } from '../lib/errors.ts';\nthrow conflict('No.').because('SEALING');`),
    ).toEqual([]);
    // A file's own `conflict` that names its reason inside (save-content.ts) is not the helper.
    expect(
      sample(
        `const conflict = () => new AppError('CONFLICT', 'x').because('EDIT_CONFLICT');\nthrow conflict();`,
      ),
    ).toEqual([]);
    expect(sample(`const code = pick();\nthrow new AppError(code, 'No.');`)).toEqual(['x.ts:2']);
  });
});
