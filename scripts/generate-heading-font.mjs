// The heading font's faces with their accents set over the letter: `node scripts/generate-heading-font.mjs`
// writes client/src/assets/fonts/*.woff2 from @fontsource/cormorant-garamond's Latin subset (OFL 1.1, no
// reserved name, so the patched faces keep it).
//
// Why: Cormorant's precomposed letters (á é í ó ú ñ ü, their capitals, à â ä…) place the mark by the
// font's anchors, which stand the steep acute's foot on the letter's centre: its ink leans off to the
// right, over the next letter at display sizes ("Muévete", "intención", "Cómo"). Each precomposed glyph
// is the base's outline plus the mark's contours; this moves the mark's contours sideways so their ink
// (its centroid: the acute's heavy top counts more than its thin foot) is centred over the base's box (in
// italics, over its top, along the slant).
// Advances, kerning and every other glyph stay as they are. No dependency: WOFF 1.0 in (zlib), WOFF2 out
// (Brotli, tables untransformed).
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, inflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'node_modules/@fontsource/cormorant-garamond/files');
const target = join(root, 'client/src/assets/fonts');
export const FACES = ['latin-500-normal', 'latin-500-italic', 'latin-600-normal'];

function readWoff(file) {
  const b = readFileSync(file);
  if (b.toString('latin1', 0, 4) !== 'wOFF') throw new Error(`${file} is not WOFF 1.0`);
  const tables = new Map();
  for (let i = 0; i < b.readUInt16BE(12); i++) {
    const o = 44 + i * 20;
    const [offset, compLength, origLength] = [b.readUInt32BE(o + 4), b.readUInt32BE(o + 8), b.readUInt32BE(o + 12)];
    const data = b.subarray(offset, offset + compLength);
    tables.set(b.toString('latin1', o, o + 4), compLength < origLength ? inflateSync(data) : Buffer.from(data));
  }
  return { flavor: b.readUInt32BE(4), tables };
}

function readCmap(cmap) {
  const map = new Map();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const off = cmap.readUInt32BE(8 + i * 8);
    if (cmap.readUInt16BE(off) !== 4) continue;
    const segs = cmap.readUInt16BE(off + 6) / 2;
    const ends = off + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    for (let s = 0; s < segs; s++) {
      const [end, start] = [cmap.readUInt16BE(ends + s * 2), cmap.readUInt16BE(starts + s * 2)];
      const [delta, rangeOffset] = [cmap.readInt16BE(deltas + s * 2), cmap.readUInt16BE(ranges + s * 2)];
      for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
        let glyph = rangeOffset === 0 ? cp : cmap.readUInt16BE(ranges + s * 2 + rangeOffset + (cp - start) * 2);
        if (rangeOffset === 0 || glyph !== 0) glyph = (glyph + delta) & 0xffff;
        if (glyph !== 0) map.set(cp, glyph);
      }
    }
  }
  return map;
}

/** A simple glyph's contours as points {x, y, on}; null for composite glyphs. */
function decodeGlyph(data) {
  if (data.length === 0) return { contours: [], instructions: Buffer.alloc(0) };
  const count = data.readInt16BE(0);
  if (count < 0) return null;
  let p = 10;
  const ends = [];
  for (let i = 0; i < count; i++, p += 2) ends.push(data.readUInt16BE(p));
  const instructionLength = data.readUInt16BE(p);
  const instructions = data.subarray(p + 2, p + 2 + instructionLength);
  p += 2 + instructionLength;
  const total = count ? ends[count - 1] + 1 : 0;
  const flags = [];
  while (flags.length < total) {
    const flag = data[p++];
    flags.push(flag);
    if (flag & 8) for (let r = data[p++]; r > 0; r--) flags.push(flag);
  }
  const read = (short, same) => {
    let value = 0;
    return flags.map((flag) => {
      if (flag & short) value += flag & same ? data[p++] : -data[p++];
      else if (!(flag & same)) value += data.readInt16BE((p += 2) - 2);
      return value;
    });
  };
  const xs = read(2, 16);
  const ys = read(4, 32);
  const points = flags.map((flag, i) => ({ x: xs[i], y: ys[i], on: flag & 1 }));
  return { contours: ends.map((end, i) => points.slice(i ? ends[i - 1] + 1 : 0, end + 1)), instructions };
}

function encodeGlyph({ contours, instructions }) {
  const points = contours.flat();
  const xs = points.map((pt) => pt.x);
  const ys = points.map((pt) => pt.y);
  const head = Buffer.alloc(10 + contours.length * 2 + 2);
  head.writeInt16BE(contours.length, 0);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) =>
    head.writeInt16BE(v, 2 + i * 2),
  );
  let end = -1;
  contours.forEach((contour, i) => head.writeUInt16BE((end += contour.length), 10 + i * 2));
  head.writeUInt16BE(instructions.length, 10 + contours.length * 2);
  const flags = Buffer.from(points.map((pt) => (pt.on ? 1 : 0)));
  const coords = Buffer.alloc(points.length * 4);
  points.forEach((pt, i) => {
    coords.writeInt16BE(pt.x - (i ? points[i - 1].x : 0), i * 2);
    coords.writeInt16BE(pt.y - (i ? points[i - 1].y : 0), points.length * 2 + i * 2);
  });
  const glyph = Buffer.concat([head, instructions, flags, coords]);
  return Buffer.concat([glyph, Buffer.alloc((4 - (glyph.length % 4)) % 4)]);
}

const box = (points) => {
  const xs = points.map((pt) => pt.x);
  const ys = points.map((pt) => pt.y);
  return { xMin: Math.min(...xs), xMax: Math.max(...xs), yMin: Math.min(...ys), yMax: Math.max(...ys) };
};
/** The horizontal centre of the ink of some contours (their area's centroid): a wedge's heavy end counts more. */
function inkCentre(contours) {
  let area = 0;
  let moment = 0;
  for (const contour of contours) {
    contour.forEach((a, i) => {
      const b = contour[(i + 1) % contour.length];
      const cross = a.x * b.y - b.x * a.y;
      area += cross;
      moment += (a.x + b.x) * cross;
    });
  }
  return moment / (3 * area);
}
const same = (a, b) => a.length === b.length && a.every((pt, i) => pt.x === b[i].x && pt.y === b[i].y);

/** Moves the marks of the precomposed letters; returns the new glyf, loca and hmtx and what moved. */
function centreMarks(tables) {
  const { head, loca, glyf, hmtx, hhea } = Object.fromEntries(tables);
  const longLoca = head.readInt16BE(50) === 1;
  const glyphCount = tables.get('maxp').readUInt16BE(4);
  const offset = (g) => (longLoca ? loca.readUInt32BE(g * 4) : loca.readUInt16BE(g * 2) * 2);
  const glyphs = Array.from({ length: glyphCount }, (_, g) => glyf.subarray(offset(g), offset(g + 1)));
  const cmap = readCmap(tables.get('cmap'));
  const newHmtx = Buffer.from(hmtx);
  const longMetrics = hhea.readUInt16BE(34);
  const moved = [];
  const italicAngle = tables.get('post').readInt32BE(4) / 65536;
  for (const [cp, glyph] of cmap) {
    const decomposed = [...String.fromCodePoint(cp).normalize('NFD')];
    if (decomposed.length !== 2 || !/^\p{Mn}$/u.test(decomposed[1])) continue;
    // í and Í… sit on the dotless base in Cormorant (ı, then the mark).
    const baseChar = decomposed[0] === 'i' ? 'ı' : decomposed[0] === 'j' ? 'ȷ' : decomposed[0];
    const baseGlyph = cmap.get(baseChar.codePointAt(0));
    const letter = decodeGlyph(glyphs[glyph]);
    const base = baseGlyph === undefined ? null : decodeGlyph(glyphs[baseGlyph]);
    if (!letter || !base || letter.contours.length <= base.contours.length) continue;
    // Normally the base's contours come first unchanged; the dotless í of some weights is redrawn.
    if (!base.contours.every((c, i) => same(c, letter.contours[i])) && baseChar !== 'ı') continue;
    const mark = letter.contours.slice(base.contours.length);
    const baseBox = box(base.contours.flat());
    const markBox = box(mark.flat());
    if (markBox.yMin < baseBox.yMax * 0.8) continue; // marks above the letter only (not a cedilla)
    // The centre of the base's box; in italics, moved along the slant up to the top of the letter.
    const slant = Math.tan((-italicAngle * Math.PI) / 180);
    const centre = (baseBox.xMin + baseBox.xMax) / 2 + (slant * (baseBox.yMax - Math.max(baseBox.yMin, 0))) / 2;
    const shift = Math.round(centre - inkCentre(mark));
    if (shift === 0) continue;
    for (const contour of mark) for (const pt of contour) pt.x += shift;
    glyphs[glyph] = encodeGlyph(letter);
    if (glyph < longMetrics) newHmtx.writeInt16BE(box(letter.contours.flat()).xMin, glyph * 4 + 2);
    moved.push(`${String.fromCodePoint(cp)}${shift > 0 ? '+' : ''}${shift}`);
  }
  const padded = glyphs.map((g) => (g.length % 4 ? Buffer.concat([g, Buffer.alloc(4 - (g.length % 4))]) : g));
  const newLoca = Buffer.alloc((glyphCount + 1) * 4);
  let at = 0;
  padded.forEach((g, i) => {
    newLoca.writeUInt32BE(at, i * 4);
    at += g.length;
  });
  newLoca.writeUInt32BE(at, glyphCount * 4);
  const newHead = Buffer.from(head);
  newHead.writeInt16BE(1, 50); // long loca offsets
  newHead.writeUInt32BE(0, 8); // checkSumAdjustment: WOFF2 decoders recompute it
  return { glyf: Buffer.concat(padded), loca: newLoca, hmtx: newHmtx, head: newHead, moved };
}

// WOFF2's table directory: known tags by index, others spelt out (index 63).
const KNOWN =
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB'
    .match(/.{4}\s?/g)
    .map((t) => t.slice(0, 4));

function base128(value) {
  const bytes = [value & 0x7f];
  for (value >>>= 7; value > 0; value >>>= 7) bytes.unshift(0x80 | (value & 0x7f));
  return Buffer.from(bytes);
}

function writeWoff2(flavor, tables) {
  const tags = [...tables.keys()].sort();
  const directory = Buffer.concat(
    tags.map((tag) => {
      const index = KNOWN.indexOf(tag);
      // glyf and loca carry "transform 3" (none); for the other tables "0" already means none.
      const transform = tag === 'glyf' || tag === 'loca' ? 0xc0 : 0;
      const flag = Buffer.from([(index < 0 ? 63 : index) | transform]);
      return Buffer.concat([
        flag,
        index < 0 ? Buffer.from(tag, 'latin1') : Buffer.alloc(0),
        base128(tables.get(tag).length),
      ]);
    }),
  );
  const stream = Buffer.concat(tags.map((tag) => tables.get(tag)));
  const compressed = brotliCompressSync(stream, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT },
  });
  const sfntSize =
    12 + 16 * tags.length + tags.reduce((sum, tag) => sum + Math.ceil(tables.get(tag).length / 4) * 4, 0);
  const body = Buffer.concat([directory, compressed]);
  const length = Math.ceil((48 + body.length) / 4) * 4;
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(flavor, 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(tags.length, 12);
  header.writeUInt32BE(sfntSize, 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24);
  return Buffer.concat([header, body, Buffer.alloc(length - 48 - body.length)]);
}

mkdirSync(target, { recursive: true });
for (const face of FACES) {
  const { flavor, tables } = readWoff(join(source, `cormorant-garamond-${face}.woff`));
  const { moved, ...patched } = centreMarks(tables);
  for (const [tag, data] of Object.entries(patched)) tables.set(tag, data);
  const out = writeWoff2(flavor, tables);
  writeFileSync(join(target, `cormorant-garamond-${face}.woff2`), out);
  console.log(`cormorant-garamond-${face}.woff2 ${out.length} bytes, marks moved: ${moved.join(' ')}`);
}
