import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');
const TEXT = /\.(tsx?|css|svg|json|md|html)$/;

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

/** The first letters of `text` that NFC would change, with a little context. */
function decomposed(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/.\p{M}+/gu)) {
    if (match[0].normalize('NFC') !== match[0]) found.push(text.slice(Math.max(0, match.index - 12), match.index + 4));
  }
  return found;
}

describe('the text of the site', () => {
  it('finds a decomposed accent when a text is not NFC', () => {
    expect(decomposed('Co\u0301mo llegar')).toEqual(['Co\u0301mo']);
    expect(decomposed('Cómo llegar, señal, pingüino')).toEqual([]);
  });

  // A letter and a separate combining accent ("o" + U+0301) depend on the font's mark positioning; the
  // precomposed letter (U+00F3) is the one glyph every font and subset has for Spanish.
  it('is written with precomposed letters (NFC) in every client source file', () => {
    const found = textFiles(SRC).flatMap((file) =>
      decomposed(readFileSync(file, 'utf8')).map((at) => `${relative(SRC, file)}: ${JSON.stringify(at)}`),
    );
    expect(found).toEqual([]);
  });
});
