import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type TypeScript from 'typescript';
import { describe, expect, it } from 'vitest';
import { glossary, type GlossaryEntry } from './copy';

const SRC = join(process.cwd(), 'src');
// The TypeScript parser, loaded by Node as it is (not through Vite's transform: it is large).
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** The client's source files with visible text: components, routes and content (not tests, not the API client). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|gen)\.tsx?$/.test(entry.name) && entry.name !== 'copy.ts'
      ? [path]
      : [];
  });
}

interface Text {
  where: string;
  text: string;
}

// The props and object keys whose strings people read: labels, titles, hints, descriptions…
const LABEL_KEYS =
  /^(label|title|aria-label|aria-description|placeholder|alt|description|hint|heading|caption|question|loadingLabel|pendingLabel|submitLabel|confirmLabel|emptyLabel|header)$/;

/**
 * The texts of one source file, read with the TypeScript parser: `all` holds every string and JSX
 * text (not comments, not imports); `labels` the ones shown as labels: JSX text, the strings inside a
 * JSX child expression or a label-like prop (`aria-label`, `title`, `placeholder`…), and label-like
 * keys of objects (menus, page titles).
 */
export function textsOf(file: string, source: string): { all: Text[]; labels: Text[] } {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const all: Text[] = [];
  const labels: Text[] = [];
  const add = (list: Text[], text: string, node: TypeScript.Node) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!/\p{L}/u.test(clean)) return;
    const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
    list.push({ where: `${relative(SRC, file)}:${line}`, text: clean });
  };
  // Strings inside an expression; class names are not text.
  const stringsIn = (node: TypeScript.Node, into: (text: string, node: TypeScript.Node) => void): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) into(node.text, node);
    else if (ts.isTemplateExpression(node)) {
      into([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … '), node);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'cn') return;
    else ts.forEachChild(node, (child) => stringsIn(child, into));
  };
  const label = (text: string, node: TypeScript.Node) => add(labels, text, node);
  const visit = (node: TypeScript.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
      add(all, node.text, node);
    } else if (ts.isTemplateExpression(node)) {
      for (const part of [node.head, ...node.templateSpans.map((span) => span.literal)]) add(all, part.text, part);
    }
    if (ts.isJsxText(node)) label(node.text, node);
    else if (ts.isJsxAttribute(node) && node.initializer && LABEL_KEYS.test(node.name.getText(tree))) {
      stringsIn(node.initializer, label);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      stringsIn(node.expression, label);
    } else if (ts.isPropertyAssignment(node) && LABEL_KEYS.test(node.name.getText(tree).replace(/['"]/g, ''))) {
      stringsIn(node.initializer, label);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { all, labels };
}

function siteTexts() {
  const all: Text[] = [];
  const labels: Text[] = [];
  for (const file of sourceFiles(SRC)) {
    const texts = textsOf(file, readFileSync(file, 'utf8'));
    all.push(...texts.all);
    labels.push(...texts.labels);
  }
  return { all, labels };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (variant: string) => new RegExp(`(?<![\\p{L}\\p{N}_-])${escape(variant)}(?![\\p{L}\\p{N}_-])`, 'u');
// A key, a path, an input type ('email', 'cumpleanos'): code, not words.
const isCode = (text: string) => /^[a-z][\w./:-]*$/.test(text);

/** The texts that use a variant the glossary avoids. */
export function glossaryOffenders(texts: Text[], entries: Record<string, GlossaryEntry> = glossary): string[] {
  const found: string[] = [];
  for (const { where, text } of texts) {
    if (isCode(text)) continue;
    for (const [term, entry] of Object.entries(entries)) {
      if (entry.specTexts?.includes(text)) continue;
      for (const variant of entry.avoid) {
        if (wholeWords(variant).test(text))
          found.push(`${where}: "${variant}" in "${text}" (use ${term}: ${entry.use})`);
      }
    }
  }
  return found;
}

/**
 * The spec's own labels, quoted exactly from product-spec.md (its spelling fixed where
 * product-decisions.md §1 says so): they keep their capitals. "Agregar Usuario" is not here: issue
 * #31 asks for "Agregar usuario".
 */
export const SPEC_LABELS = [
  'Iniciar Sesión',
  'Mi Perfil',
  'Comprar Plan',
  'plus Comisión',
  'Usuario Activo',
  'Usuario Inactivo',
  'No Pagado',
  'Coming Soon',
  'Conoce los beneficios de Reformer',
  'Descubre el Poder Transformador del Pilates: Salud, Equilibrio y Bienestar',
  // The registration form's fields, as the spec lists them (the login and forgot-password forms share the first).
  'Correo Electrónico',
  'Confirmar Contraseña',
  // The catalogue's plan names.
  'Una Clase',
  'Cuatro Clases',
  'Ocho Clases',
  'Doce Clases',
  'Dieciséis Clases',
  'Veinte Clases',
];

/** Names that keep their capitals anywhere in a sentence: brands, places, laws, and the site's page names. */
export const PROPER_NOUNS = [
  'Pilates Reformer',
  'Pilates',
  'Reformer',
  'Indoor Cycling',
  'Mercado Pago',
  'OXXO',
  'SPEI',
  'WhatsApp',
  'WebP',
  'Instagram',
  'Metepec',
  'Estado de México',
  'Google Maps',
  'Google Calendar',
  'Apple Calendar',
  'Google',
  'Apple',
  'Ley Federal de Protección de Datos Personales en Posesión de los Particulares',
  'Ley Federal de Protección de Datos Personales',
  'Registro Público para Evitar Publicidad',
  'PROFECO',
  'ARCO',
  // The SAT's document that states a taxpayer's name and régimen, as the SAT names it.
  'Constancia de Situación Fiscal',
  'SAT',
  'Facturapi',
  'Excel',
  'Mi información',
  'Mis clases',
  'Mis planes',
  'Mi cuenta',
  'Auditoría',
  'Instructores',
  'Usuarios',
  'Ajustes',
  'Membresías',
];

const ALLOWED = [...SPEC_LABELS, ...PROPER_NOUNS].sort((a, b) => b.length - a.length).map(wholeWords);

/**
 * The capitalised words of a label that sentence case would write in lower case: any word but the
 * first of a sentence, of a quotation («Pagado en estudio») or of a part after a separator
 * ("Mercado Pago: lo aprobado…", "… · Deja en blanco…"), once the spec's labels and proper nouns are
 * set aside. Acronyms (ID, MXN) pass.
 */
export function titleCaseWords(label: string): string[] {
  let text = label;
  for (const allowed of ALLOWED) text = text.replace(new RegExp(allowed.source, 'gu'), '·');
  return text
    .split(/[.!?:;·…→«»“”"()¿¡—–]+/u)
    .flatMap((part) => part.trim().split(/\s+/).slice(1))
    .filter((word) => /^\p{Lu}\p{Ll}/u.test(word));
}

describe('the copy glossary', () => {
  const { all, labels } = siteTexts();

  it('finds the texts of the site', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(labels.map(({ text }) => text)).toEqual(expect.arrayContaining(['Mi cuenta', 'Comprar Plan', 'Cerrar']));
  });

  it('finds no avoided variant in the texts of the site', () => {
    expect(glossaryOffenders(all)).toEqual([]);
  });

  it('catches a variant, but not the spec’s own wording nor a key', () => {
    const texts = [
      { where: 'a', text: 'Se ha enviado un email a tu buzón' },
      { where: 'b', text: 'Cuenta' },
      { where: 'c', text: 'El email es obligatorio' },
      { where: 'd', text: 'email' },
      { where: 'e', text: 'Tu cuenta está inactiva' },
    ];
    expect(glossaryOffenders(texts).map((line) => line.split(':')[0])).toEqual(['a', 'a', 'a', 'b']);
  });
});

describe('sentence case', () => {
  it('writes the labels of the site in sentence case, except the spec’s labels and proper nouns', () => {
    const offenders = siteTexts()
      .labels.map(({ where, text }) => ({ where, text, words: titleCaseWords(text) }))
      .filter(({ words }) => words.length > 0)
      .map(({ where, text, words }) => `${where}: "${text}" (${words.join(', ')})`);
    expect(offenders).toEqual([]);
  });

  it('catches Title Case, and lets the spec’s labels, proper nouns and new sentences be', () => {
    expect(titleCaseWords('Agregar Usuario')).toEqual(['Usuario']);
    expect(titleCaseWords('Ver Clases del Día')).toEqual(['Clases', 'Día']);
    expect(titleCaseWords('Iniciar Sesión')).toEqual([]);
    expect(titleCaseWords('Pagar con Mercado Pago')).toEqual([]);
    expect(
      titleCaseWords('Pagarás en Mercado Pago (tarjeta, OXXO u otros medios). Al aprobarse, vuelves a Mis clases.'),
    ).toEqual([]);
    expect(titleCaseWords('Queda como «Pagado en estudio»')).toEqual([]);
    expect(titleCaseWords('Totales por mes: ID y MXN')).toEqual([]);
  });
});
