import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossary } from './copy';

const SRC = join(process.cwd(), 'src');

/** The client's source files with visible text: components, routes and content (not tests, not the API client). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'copy.ts' ? [path] : [];
  });
}

describe('the copy glossary', () => {
  it('finds no avoided variant in the texts of the site', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const [term, entry] of Object.entries(glossary)) {
        for (const variant of entry.avoid) {
          if (text.includes(variant)) found.push(`${relative(SRC, file)}: "${variant}" (use ${term}: ${entry.use})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
