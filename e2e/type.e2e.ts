import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';

const baseUrl = inject('baseUrl');

// Every accented letter Spanish writes, with the letter it sits on (í and Í: the dotless ı and I).
const LETTERS: [accented: string, base: string][] = [
  ['á', 'a'],
  ['é', 'e'],
  ['í', 'ı'],
  ['ó', 'o'],
  ['ú', 'u'],
  ['ñ', 'n'],
  ['ü', 'u'],
  ['Á', 'A'],
  ['É', 'E'],
  ['Í', 'I'],
  ['Ó', 'O'],
  ['Ú', 'U'],
  ['Ñ', 'N'],
  ['Ü', 'U'],
];

interface Ink {
  letter: string;
  weight: string;
  /** The base letter's ink, left to right, in pixels at 200 px. */
  base: [number, number];
  /** The accent's ink (the rows above the base letter). */
  accent: [number, number];
  accentCentre: number;
  advance: number;
  baseAdvance: number;
}

/**
 * Draws each letter and its base in the heading font (as the page loaded it) on a canvas and reads the
 * ink from the pixels: where the base letter's ink is, and where the accent's is (the rows above it).
 */
function measureInk(page: Page, weight: string): Promise<Ink[]> {
  return page.evaluate(
    async ({ letters, weight }) => {
      const family = getComputedStyle(document.querySelector('h1')!).fontFamily;
      await document.fonts.load(`${weight} 200px ${family}`, letters.flat().join(''));
      const size = 400;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.font = `${weight} 200px ${family}`;
      const rows = (text: string) => {
        context.clearRect(0, 0, size, size);
        context.fillText(text, 100, 300);
        const pixels = context.getImageData(0, 0, size, size).data;
        return Array.from({ length: size }, (_, y) => {
          let left = -1;
          let right = -1;
          for (let x = 0; x < size; x++) {
            if (pixels[(y * size + x) * 4 + 3]! > 128) {
              if (left < 0) left = x;
              right = x;
            }
          }
          return left < 0 ? null : ([left, right] as [number, number]);
        });
      };
      const span = (lines: ([number, number] | null)[]): [number, number] => {
        const inked = lines.filter((line): line is [number, number] => line !== null);
        return [Math.min(...inked.map((l) => l[0])), Math.max(...inked.map((l) => l[1]))];
      };
      return letters.map(([letter, base]) => {
        const baseRows = rows(base);
        const top = baseRows.findIndex((line) => line !== null);
        // A gap of two pixel rows above the base's top: the accent's ink only.
        const accentRows = rows(letter).slice(0, top - 2);
        // The centre of the accent's ink (its pixels' mean): a steep acute's heavy top counts more.
        let sum = 0;
        let count = 0;
        const pixels = context.getImageData(0, 0, size, Math.max(top - 2, 1)).data;
        for (let i = 0; i < pixels.length; i += 4) {
          sum += ((i / 4) % size) * pixels[i + 3]!;
          count += pixels[i + 3]!;
        }
        return {
          letter,
          weight,
          base: span(baseRows),
          accent: span(accentRows),
          accentCentre: sum / count,
          advance: context.measureText(letter).width,
          baseAdvance: context.measureText(base).width,
        };
      });
    },
    { letters: LETTERS, weight },
  );
}

describe('headings in Spanish', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of [390, 1280]) {
    it(`should set every accent over its letter in the heading font at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/pilates`);
      const hero = page.getByRole('heading', { level: 1, name: 'Muévete con intención, respira con calma' });
      expect(await hero.evaluate((h) => h.textContent === h.textContent!.normalize('NFC'))).toBe(true);

      // A heading of each level with every letter, written composed and decomposed (a name typed on
      // a Mac arrives as "o" + U+0301): both must show the same letters.
      const sample = 'áéíóúñü ÁÉÍÓÚÑÜ ¿¡ Cómo llegar · Muévete con intención';
      await page.evaluate((sample) => {
        const main = document.querySelector('main')!;
        const box = document.createElement('section');
        box.id = 'accents';
        box.style.cssText = 'padding:16px;background:var(--color-canvas)';
        box.innerHTML = (
          [
            ['h1', 'var(--text-display)'],
            ['h2', 'var(--text-title)'],
            ['h3', 'var(--text-subtitle)'],
          ] as const
        )
          .map(([tag, size]) =>
            [sample, sample.normalize('NFD')]
              .map((text) => `<${tag} style="font-size:${size}">${text}</${tag}>`)
              .join(''),
          )
          .join('');
        main.prepend(box);
      }, sample);
      await page.evaluate(() => document.fonts.ready);
      const headings = page.locator('#accents > *');
      for (let i = 0; i < 6; i += 2) {
        const [composed, decomposed] = await Promise.all([
          headings.nth(i).evaluate((h) => h.getBoundingClientRect().width),
          headings.nth(i + 1).evaluate((h) => h.getBoundingClientRect().width),
        ]);
        expect(decomposed).toBeCloseTo(composed, 0);
        expect(await headings.nth(i).evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Cormorant Garamond"/);
      }
      // Each accented letter takes its base letter's advance (the accent adds no width beside it).
      const advances = await page.evaluate((letters) => {
        const h = document.querySelector('#accents h1')!;
        const range = document.createRange();
        const probe = document.createElement('span');
        h.after(probe);
        probe.style.font = getComputedStyle(h).font;
        const widths = letters.map(([letter, base]) => {
          const width = (text: string) => {
            probe.textContent = text;
            range.selectNodeContents(probe);
            return range.getBoundingClientRect().width;
          };
          return [width(letter), width(base)];
        });
        probe.remove();
        return widths;
      }, LETTERS);
      for (const [letterWidth, baseWidth] of advances) expect(letterWidth).toBeCloseTo(baseWidth!, 1);

      await page.locator('#accents').screenshot({ path: screenshotPath(`accents-${width}`) });
      await hero.screenshot({ path: screenshotPath(`accents-hero-${width}`) });

      // The accent's ink sits over the letter's: inside its ink, centred on it (within 5 % of the
      // letter's width), not leaning off to the side over the next letter.
      const misplaced: string[] = [];
      for (const weight of ['500', '600']) {
        for (const ink of await measureInk(page, weight)) {
          const baseCentre = (ink.base[0] + ink.base[1]) / 2;
          const off = Math.abs(ink.accentCentre - baseCentre) / (ink.base[1] - ink.base[0]);
          const inside = ink.accent[0] >= ink.base[0] - 2 && ink.accent[1] <= ink.base[1] + 2;
          if (off > 0.05 || !inside || Math.abs(ink.advance - ink.baseAdvance) > 0.5) {
            misplaced.push(
              `${ink.letter} (${ink.weight}): accent ${ink.accent.join('–')} (centre ${ink.accentCentre.toFixed(1)}) over ${ink.base.join('–')}`,
            );
          }
        }
      }
      expect(misplaced).toEqual([]);
      await context.close();
    });
  }
});
