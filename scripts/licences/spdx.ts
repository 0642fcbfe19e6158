/**
 * SPDX licence expressions (`MIT`, `(MIT OR Apache-2.0)`, `MIT AND Zlib`, `GPL-2.0+`,
 * `Apache-2.0 WITH LLVM-exception`) parsed into a small tree and judged against an allowlist.
 * Precedence as the SPDX specification gives it: WITH binds tighter than AND, AND tighter than OR.
 */

export type Expression =
  | { kind: 'licence'; id: string }
  | { kind: 'with'; licence: Expression; exception: string }
  | { kind: 'and' | 'or'; left: Expression; right: Expression };

const TOKEN = /\s*(\(|\)|[A-Za-z0-9.+:-]+)/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      if (text.slice(start).trim() === '') break;
      throw new Error(`not an SPDX expression: ${JSON.stringify(text)}`);
    }
    tokens.push(match[1]!);
  }
  return tokens;
}

/** Parses an SPDX expression; throws on anything else (a licence name in prose, `SEE LICENSE IN …`). */
export function parseExpression(text: string): Expression {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const isOperator = (token: string | undefined, op: string) => token?.toUpperCase() === op;

  function primary(): Expression {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`incomplete SPDX expression: ${JSON.stringify(text)}`);
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') throw new Error(`unbalanced parenthesis in ${JSON.stringify(text)}`);
      return inner;
    }
    if (token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase())) {
      throw new Error(`unexpected ${token} in ${JSON.stringify(text)}`);
    }
    return { kind: 'licence', id: token };
  }
  function withed(): Expression {
    const licence = primary();
    if (!isOperator(peek(), 'WITH')) return licence;
    at++;
    const exception = tokens[at++];
    if (exception === undefined || exception === '(' || exception === ')') {
      throw new Error(`WITH needs an exception in ${JSON.stringify(text)}`);
    }
    return { kind: 'with', licence, exception };
  }
  function and(): Expression {
    let left = withed();
    while (isOperator(peek(), 'AND')) {
      at++;
      left = { kind: 'and', left, right: withed() };
    }
    return left;
  }
  function or(): Expression {
    let left = and();
    while (isOperator(peek(), 'OR')) {
      at++;
      left = { kind: 'or', left, right: and() };
    }
    return left;
  }

  const expression = or();
  if (at !== tokens.length) throw new Error(`unexpected ${tokens[at]} in ${JSON.stringify(text)}`);
  return expression;
}

/**
 * The canonical identifier of a licence: deprecated SPDX forms are read as the specification maps them
 * (`GPL-3.0` is `GPL-3.0-only`, `GPL-2.0+` is `GPL-2.0-or-later`), so `GPL-2.0` is not taken for a
 * later version.
 */
export function canonicalId(id: string): string {
  const family = /^(A?GPL|LGPL)-(\d\.\d)(\+|-only|-or-later)?$/.exec(id);
  if (!family) return id;
  const [, name, version, suffix] = family;
  return `${name}-${version}${suffix === '+' || suffix === '-or-later' ? '-or-later' : '-only'}`;
}

/**
 * Whether an expression allows use under the allowlist: one side of an OR suffices, both sides of an
 * AND are needed, and `X WITH exception` is as good as X (an SPDX exception only adds permissions).
 */
export function satisfies(expression: Expression, allowed: ReadonlySet<string>): boolean {
  switch (expression.kind) {
    case 'licence':
      return allowed.has(canonicalId(expression.id));
    case 'with':
      return satisfies(expression.licence, allowed);
    case 'and':
      return satisfies(expression.left, allowed) && satisfies(expression.right, allowed);
    case 'or':
      return satisfies(expression.left, allowed) || satisfies(expression.right, allowed);
  }
}
