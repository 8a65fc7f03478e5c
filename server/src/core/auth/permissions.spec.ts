import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ADMIN_ROLE, ALL_PERMISSIONS, Permission, ROLE_PERMISSIONS, ROLES } from './permissions';

const SRC = resolve(__dirname, '../..');
/** The only file that may name a role in a comparison: the table itself. */
const TABLE = 'core/auth/permissions.ts';

const isRoleAccess = (node: ts.Node): boolean =>
  (ts.isPropertyAccessExpression(node) && node.name.text === 'role') || (ts.isIdentifier(node) && node.text === 'role');
const isRoleName = (node: ts.Node): boolean =>
  ts.isStringLiteralLike(node) && (ROLES as readonly string[]).includes(node.text);
/** `x.role !== undefined` asks whether a role was given, not which one. */
const isAbsent = (node: ts.Node): boolean =>
  (ts.isIdentifier(node) && node.text === 'undefined') || node.kind === ts.SyntaxKind.NullKeyword;
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The places in `source` that decide by a role's name instead of asking for a permission. */
function roleChecks(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const byRole =
      (ts.isBinaryExpression(node) &&
        EQUALITY.has(node.operatorToken.kind) &&
        (isRoleName(node.left) ||
          isRoleName(node.right) ||
          (isRoleAccess(node.left) && !isAbsent(node.right)) ||
          (isRoleAccess(node.right) && !isAbsent(node.left)))) ||
      (ts.isSwitchStatement(node) && isRoleAccess(node.expression)) ||
      (ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'includes' &&
        node.arguments.some(isRoleAccess));
    if (byRole) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${node.getText().split('\n')[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });

describe('the permissions table', () => {
  it('should give every role an entry, and the admin every permission', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
    expect([...ROLE_PERMISSIONS[ADMIN_ROLE]].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.user).toEqual([]);
  });

  it('should name each permission once, as area.action', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    for (const permission of ALL_PERMISSIONS) expect(permission).toMatch(/^[a-z-]+\.[a-z-]+$/);
    expect(Permission.WalkInsAdd).toBe('walk-ins.add');
  });

  it('should catch a decision by role name in each of its forms', () => {
    const samples = [
      "if (caller.role === 'admin') go();",
      "const shown = 'admin' !== user.role;",
      'switch (caller.role) { default: }',
      "if (['admin'].includes(caller.role)) go();",
      "const role = caller.role; if (role == 'user') go();",
      "if (kind === 'admin') go();",
    ];
    for (const sample of samples)
      expect({ sample, found: roleChecks('muestra.ts', sample).length }).toEqual({ sample, found: 1 });
    const allowed = [
      'if (access.can(caller, Permission.RosterRead)) go();',
      "insert({ source: 'admin', role: 'user' });",
      'user.role = changes.role;',
      'if (changes.role !== undefined) apply();',
    ];
    for (const sample of allowed)
      expect({ sample, found: roleChecks('muestra.ts', sample) }).toEqual({ sample, found: [] });
  });

  it('should be the only place in server/src that decides by role name', () => {
    const found = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => path !== TABLE)
      .flatMap((path) => roleChecks(path, readFileSync(join(SRC, path), 'utf8')));
    expect(found).toEqual([]);
  });
});
