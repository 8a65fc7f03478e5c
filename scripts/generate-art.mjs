// The site's placeholder art, drawn from code: calm, warm SVG scenes of a Reformer Pilates studio
// (arched windows, reformers, plants, springs) until the studio has its own photos. Writes the SVGs
// to client/src/assets/art/, then renders the heroes to WebP at several widths (for srcset) and the
// Open Graph image to client/public/og-image.jpg with Debian's Chromium. Nothing is downloaded.
//
//   node scripts/generate-art.mjs            SVGs + rasters (needs /usr/bin/chromium)
//   node scripts/generate-art.mjs --svg-only SVGs only
//
// The output is committed; run this again only to change the art.
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'client/src/assets/art');
const HERO_WIDTHS = [640, 960, 1440, 1920];

// Palettes in the site's tokens: ivory, sand, terracotta, sage, olive.
const palettes = {
  dawn: {
    wall: '#efe6d8',
    wall2: '#e3d4bf',
    floor: '#c9a987',
    floor2: '#b48f6c',
    light: '#fbf4e8',
    accent: '#a4553a',
    leaf: '#7e8f6e',
    wood: '#9a6b48',
    metal: '#5e6152',
    pad: '#3f4438',
  },
  sage: {
    wall: '#e4e8dc',
    wall2: '#cfd6c4',
    floor: '#bfa382',
    floor2: '#a88b6a',
    light: '#f6f7f0',
    accent: '#8a9a7b',
    leaf: '#5f7152',
    wood: '#8c6446',
    metal: '#4f5b45',
    pad: '#2e3128',
  },
  clay: {
    wall: '#efd7cb',
    wall2: '#e2c0ad',
    floor: '#c49a7a',
    floor2: '#a97d5f',
    light: '#fcf1ea',
    accent: '#a4553a',
    leaf: '#6f7f5f',
    wood: '#8a4530',
    metal: '#5e4a3f',
    pad: '#2e2622',
  },
  sand: {
    wall: '#ede4d6',
    wall2: '#dccfbb',
    floor: '#b9976f',
    floor2: '#a07e58',
    light: '#fbf8f3',
    accent: '#c07a5a',
    leaf: '#8a9a7b',
    wood: '#7d5a3c',
    metal: '#6b6e60',
    pad: '#4f5b45',
  },
  dusk: {
    wall: '#d9cbb8',
    wall2: '#c4b199',
    floor: '#a8845f',
    floor2: '#8f6d4c',
    light: '#f3e3cc',
    accent: '#a4553a',
    leaf: '#5f7152',
    wood: '#6e4b33',
    metal: '#3f4438',
    pad: '#1f211b',
  },
};

const svg = (width, height, title, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${title}</title>${body}</svg>\n`;

const gradient = (id, from, to, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

/** An arched window with its light falling on the floor. */
function archWindow(x, y, w, h, p, floorY) {
  const r = w / 2;
  const light = `<path d="M${x} ${floorY} L${x + w} ${floorY} L${x + w * 1.9} ${floorY + h * 0.55} L${x - w * 0.3} ${floorY + h * 0.55} Z" fill="${p.light}" opacity="0.35"/>`;
  return (
    `<path d="M${x} ${y + h} V${y + r} A${r} ${r} 0 0 1 ${x + w} ${y + r} V${y + h} Z" fill="${p.light}"/>` +
    `<path d="M${x + r} ${y} V${y + h} M${x} ${y + r + (h - r) / 2} H${x + w}" stroke="${p.wall2}" stroke-width="${w * 0.04}"/>` +
    `<path d="M${x} ${y + h} V${y + r} A${r} ${r} 0 0 1 ${x + w} ${y + r} V${y + h} Z" fill="none" stroke="${p.wall2}" stroke-width="${w * 0.06}"/>` +
    light
  );
}

/** A reformer seen from the side: frame, carriage, footbar, springs and shoulder blocks. */
function reformer(x, y, len, p, flip = false) {
  const h = len * 0.09;
  const t = flip ? ` transform="translate(${2 * x + len} 0) scale(-1 1)"` : '';
  return (
    `<g${t}>` +
    `<rect x="${x}" y="${y}" width="${len}" height="${h * 0.5}" rx="${h * 0.2}" fill="${p.wood}"/>` +
    `<rect x="${x + len * 0.02}" y="${y + h * 0.5}" width="${len * 0.03}" height="${h * 0.9}" fill="${p.wood}"/>` +
    `<rect x="${x + len * 0.95}" y="${y + h * 0.5}" width="${len * 0.03}" height="${h * 0.9}" fill="${p.wood}"/>` +
    `<rect x="${x + len * 0.3}" y="${y - h * 0.45}" width="${len * 0.42}" height="${h * 0.45}" rx="${h * 0.15}" fill="${p.pad}"/>` +
    `<rect x="${x + len * 0.62}" y="${y - h * 0.95}" width="${len * 0.04}" height="${h * 0.55}" rx="${h * 0.1}" fill="${p.pad}"/>` +
    `<path d="M${x + len * 0.1} ${y} V${y - h * 1.6} H${x + len * 0.16}" fill="none" stroke="${p.metal}" stroke-width="${h * 0.18}" stroke-linecap="round"/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${x + len * 0.12} ${y + h * 0.1 + i * h * 0.1} H${x + len * 0.3}" stroke="${i === 1 ? p.accent : p.metal}" stroke-width="${h * 0.06}" stroke-dasharray="${h * 0.12} ${h * 0.06}"/>`,
      )
      .join('') +
    `<path d="M${x + len * 0.98} ${y} V${y - h * 2.2}" stroke="${p.metal}" stroke-width="${h * 0.14}" stroke-linecap="round"/>` +
    `<path d="M${x + len * 0.98} ${y - h * 2.2} Q${x + len * 0.8} ${y - h * 1.2} ${x + len * 0.66} ${y - h * 0.7}" fill="none" stroke="${p.pad}" stroke-width="${h * 0.05}"/>` +
    `</g>`
  );
}

/** A potted plant with long calm leaves. */
function plant(x, y, s, p) {
  const leaves = [-60, -35, -12, 10, 32, 55]
    .map((angle, i) => {
      const len = s * (0.9 + (i % 3) * 0.18);
      return `<path d="M0 0 Q${len * 0.25} ${-len * 0.55} 0 ${-len} Q${-len * 0.25} ${-len * 0.55} 0 0 Z" fill="${p.leaf}" opacity="${0.75 + (i % 2) * 0.2}" transform="rotate(${angle})"/>`;
    })
    .join('');
  return (
    `<g transform="translate(${x} ${y - s * 0.45})">${leaves}</g>` +
    `<path d="M${x - s * 0.3} ${y - s * 0.45} H${x + s * 0.3} L${x + s * 0.22} ${y} H${x - s * 0.22} Z" fill="${p.accent}"/>`
  );
}

/**
 * What rests on a reformer between classes, in place of people (stick figures looked unfinished):
 * a rolled mat and a Pilates ring, a folded towel and a soft ball, or two foam blocks and a bottle.
 * (x, y) is the middle of the carriage's top; s the reformer's length.
 */
function stillLife(x, y, s, p, kind) {
  const u = s / 100;
  const towel = (cx, cy, w, colour) =>
    `<rect x="${cx - w / 2}" y="${cy - u * 2.2}" width="${w}" height="${u * 2.2}" rx="${u * 0.8}" fill="${colour}"/>` +
    `<path d="M${cx - w / 2 + u} ${cy - u * 1.1} H${cx + w / 2 - u}" stroke="${p.light}" stroke-width="${u * 0.35}" opacity="0.6"/>`;
  const rolledMat = (cx, cy, r, len) =>
    `<rect x="${cx - len / 2}" y="${cy - r * 2}" width="${len}" height="${r * 2}" fill="${p.leaf}"/>` +
    `<ellipse cx="${cx + len / 2}" cy="${cy - r}" rx="${r * 0.45}" ry="${r}" fill="${p.leaf}"/>` +
    `<ellipse cx="${cx + len / 2}" cy="${cy - r}" rx="${r * 0.3}" ry="${r * 0.7}" fill="none" stroke="${p.light}" stroke-width="${r * 0.12}" opacity="0.7"/>` +
    `<ellipse cx="${cx + len / 2}" cy="${cy - r}" rx="${r * 0.12}" ry="${r * 0.3}" fill="${p.light}" opacity="0.7"/>`;
  const ring = (cx, cy, r) =>
    `<ellipse cx="${cx}" cy="${cy - r}" rx="${r * 0.92}" ry="${r}" fill="none" stroke="${p.metal}" stroke-width="${r * 0.12}"/>` +
    `<rect x="${cx - r * 0.3}" y="${cy - r * 2.12}" width="${r * 0.6}" height="${r * 0.26}" rx="${r * 0.1}" fill="${p.accent}"/>` +
    `<rect x="${cx - r * 0.3}" y="${cy - r * 0.14}" width="${r * 0.6}" height="${r * 0.26}" rx="${r * 0.1}" fill="${p.accent}"/>`;
  const ball = (cx, cy, r) =>
    `<circle cx="${cx}" cy="${cy - r}" r="${r}" fill="${p.accent}"/>` +
    `<path d="M${cx - r * 0.55} ${cy - r * 1.45} A${r * 0.75} ${r * 0.75} 0 0 1 ${cx + r * 0.2} ${cy - r * 1.78}" fill="none" stroke="${p.light}" stroke-width="${r * 0.12}" stroke-linecap="round" opacity="0.55"/>`;
  const block = (cx, cy, w, h, colour) =>
    `<rect x="${cx - w / 2}" y="${cy - h}" width="${w}" height="${h}" rx="${h * 0.18}" fill="${colour}"/>` +
    `<rect x="${cx - w / 2}" y="${cy - h}" width="${w}" height="${h * 0.22}" rx="${h * 0.1}" fill="${p.light}" opacity="0.35"/>`;
  const bottle = (cx, cy, h) =>
    `<rect x="${cx - h * 0.17}" y="${cy - h}" width="${h * 0.34}" height="${h}" rx="${h * 0.1}" fill="${p.light}" opacity="0.9"/>` +
    `<rect x="${cx - h * 0.1}" y="${cy - h * 1.14}" width="${h * 0.2}" height="${h * 0.16}" rx="${h * 0.04}" fill="${p.metal}"/>` +
    `<rect x="${cx - h * 0.17}" y="${cy - h * 0.62}" width="${h * 0.34}" height="${h * 0.22}" fill="${p.accent}" opacity="0.8"/>`;
  if (kind === 'ring') return rolledMat(x - u * 4, y, u * 3.2, u * 16) + ring(x + u * 14, y, u * 7);
  if (kind === 'ball')
    return (
      towel(x - u * 2, y, u * 18, p.light) +
      towel(x - u * 2, y - u * 2.2, u * 16, p.accent) +
      ball(x + u * 30, y + u * 16.6, u * 9)
    );
  return (
    block(x - u * 6, y, u * 12, u * 5, p.leaf) +
    block(x - u * 5, y - u * 5, u * 10, u * 4.5, p.accent) +
    bottle(x + u * 9, y, u * 9)
  );
}

function room({ width, height, p, title, windows = 3, reformers = 2, plants = 1, props = null, flip = false }) {
  const floorY = height * 0.66;
  let body =
    `<defs>${gradient('w', p.wall, p.wall2)}${gradient('f', p.floor, p.floor2)}</defs>` +
    `<rect width="${width}" height="${floorY}" fill="url(#w)"/>` +
    `<rect y="${floorY}" width="${width}" height="${height - floorY}" fill="url(#f)"/>` +
    `<rect y="${floorY - height * 0.012}" width="${width}" height="${height * 0.012}" fill="${p.wall2}"/>`;
  for (let i = 0; i < windows; i++) {
    const w = width / (windows * 2.6);
    const gap = (width - windows * w) / (windows + 1);
    body += archWindow(gap + i * (w + gap), height * 0.12, w, floorY - height * 0.2, p, floorY);
  }
  for (let i = 0; i < reformers; i++) {
    const len = width * (reformers === 1 ? 0.62 : 0.4);
    const x = reformers === 1 ? width * 0.2 : width * 0.07 + i * width * 0.48;
    const y = floorY + (height - floorY) * (0.35 + i * 0.18);
    body += reformer(x, y, len, p, flip !== (i % 2 === 1));
    if (props && i === 0) body += stillLife(x + len * 0.51, y - len * 0.09 * 0.45, len, p, props);
  }
  for (let i = 0; i < plants; i++) {
    body += plant(i % 2 === 0 ? width * 0.92 : width * 0.06, floorY + height * 0.04, height * 0.16, p);
  }
  return svg(width, height, title, body);
}

/** Close-ups: springs, straps, a footbar, pilates rings and balls. */
function detail({ width, height, p, title, kind }) {
  let body = `<defs>${gradient('w', p.wall, p.wall2)}</defs><rect width="${width}" height="${height}" fill="url(#w)"/>`;
  if (kind === 'springs') {
    const colors = [p.accent, p.leaf, p.metal, p.wood, p.accent];
    colors.forEach((color, i) => {
      const y = height * (0.22 + i * 0.14);
      body += `<path d="M${width * 0.08} ${y} H${width * 0.92}" stroke="${color}" stroke-width="${height * 0.05}" stroke-dasharray="${height * 0.03} ${height * 0.015}"/>`;
      body += `<circle cx="${width * 0.92}" cy="${y}" r="${height * 0.03}" fill="none" stroke="${p.metal}" stroke-width="${height * 0.012}"/>`;
    });
  } else if (kind === 'props') {
    body += `<rect y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="${p.floor}"/>`;
    body += `<circle cx="${width * 0.3}" cy="${height * 0.56}" r="${height * 0.17}" fill="${p.accent}"/>`;
    body += `<circle cx="${width * 0.62}" cy="${height * 0.6}" r="${height * 0.14}" fill="none" stroke="${p.pad}" stroke-width="${height * 0.03}"/>`;
    body += `<ellipse cx="${width * 0.82}" cy="${height * 0.68}" rx="${height * 0.09}" ry="${height * 0.04}" fill="${p.leaf}"/>`;
    body += `<rect x="${width * 0.08}" y="${height * 0.72}" width="${width * 0.84}" height="${height * 0.05}" rx="${height * 0.02}" fill="${p.wall2}"/>`;
  } else if (kind === 'straps') {
    body += `<rect x="${width * 0.12}" y="${height * 0.1}" width="${width * 0.05}" height="${height * 0.8}" fill="${p.metal}"/>`;
    for (let i = 0; i < 2; i++) {
      const x = width * (0.45 + i * 0.22);
      body += `<path d="M${width * 0.145} ${height * 0.18} Q${x - width * 0.1} ${height * 0.3} ${x} ${height * 0.62}" fill="none" stroke="${p.pad}" stroke-width="${height * 0.015}"/>`;
      body += `<path d="M${x - width * 0.04} ${height * 0.62} a${width * 0.04} ${height * 0.08} 0 1 0 ${width * 0.08} 0 a${width * 0.04} ${height * 0.08} 0 1 0 ${-width * 0.08} 0" fill="none" stroke="${p.accent}" stroke-width="${height * 0.03}"/>`;
    }
  } else if (kind === 'reception') {
    body += `<rect y="${height * 0.72}" width="${width}" height="${height * 0.28}" fill="${p.floor}"/>`;
    body += `<rect x="${width * 0.18}" y="${height * 0.48}" width="${width * 0.64}" height="${height * 0.26}" rx="${height * 0.03}" fill="${p.wood}"/>`;
    body += `<circle cx="${width * 0.5}" cy="${height * 0.26}" r="${height * 0.12}" fill="none" stroke="${p.accent}" stroke-width="${height * 0.012}"/>`;
    body += `<path d="M${width * 0.43} ${height * 0.31} H${width * 0.57} M${width * 0.45} ${height * 0.31} L${width * 0.47} ${height * 0.27} H${width * 0.53} L${width * 0.55} ${height * 0.31}" stroke="${p.pad}" stroke-width="${height * 0.01}" fill="none" stroke-linecap="round"/>`;
    body += plant(width * 0.86, height * 0.74, height * 0.2, p);
    body += `<rect x="${width * 0.26}" y="${height * 0.43}" width="${width * 0.1}" height="${height * 0.05}" fill="${p.light}"/>`;
  } else if (kind === 'window') {
    body += archWindow(width * 0.3, height * 0.08, width * 0.4, height * 0.62, p, height * 0.7);
    body += `<rect y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="${p.floor}" opacity="0.9"/>`;
    body += `<rect x="${width * 0.22}" y="${height * 0.8}" width="${width * 0.56}" height="${height * 0.06}" rx="${height * 0.02}" fill="${p.leaf}"/>`;
  }
  return svg(width, height, title, body);
}

// Every picture the site uses: [file, SVG].
const H = { width: 1600, height: 1000 };
const P = { width: 800, height: 600 };
const art = [
  [
    'hero-inicio.svg',
    room({
      ...H,
      p: palettes.dawn,
      title: 'Sala de Pilates Reformer con luz natural',
      windows: 3,
      reformers: 2,
      plants: 2,
      props: 'ring',
    }),
  ],
  [
    'hero-beneficios.svg',
    room({
      ...H,
      p: palettes.sage,
      title: 'Reformer con toallas y una pelota',
      windows: 2,
      reformers: 1,
      plants: 1,
      props: 'ball',
    }),
  ],
  [
    'estudio-portada.svg',
    room({ ...H, p: palettes.clay, title: 'Interior del estudio', windows: 4, reformers: 2, plants: 2, flip: true }),
  ],
  [
    'banner-beneficios.svg',
    room({
      ...H,
      p: palettes.dusk,
      title: 'Reformer frente a los ventanales',
      windows: 3,
      reformers: 1,
      plants: 1,
      props: 'blocks',
    }),
  ],
  [
    'plan-reservar.svg',
    room({ ...P, p: palettes.sand, title: 'Reformer listo para tu clase', windows: 1, reformers: 1, plants: 1 }),
  ],
  ['plan-planes.svg', detail({ ...P, p: palettes.clay, title: 'Resortes del reformer', kind: 'springs' })],
  [
    'beneficio-core.svg',
    room({
      ...P,
      p: palettes.sage,
      title: 'Aro de Pilates y tapete sobre el reformer',
      windows: 1,
      reformers: 1,
      plants: 0,
      props: 'ring',
    }),
  ],
  ['foto-1.svg', room({ ...P, p: palettes.dawn, title: 'Sala principal', windows: 2, reformers: 2, plants: 1 })],
  ['foto-2.svg', detail({ ...P, p: palettes.sand, title: 'Recepción del estudio', kind: 'reception' })],
  ['foto-3.svg', detail({ ...P, p: palettes.sage, title: 'Accesorios: pelota, aro y bloques', kind: 'props' })],
  ['foto-4.svg', detail({ ...P, p: palettes.dawn, title: 'Ventanal con luz de la mañana', kind: 'window' })],
  [
    'carrusel-01.svg',
    room({ ...P, p: palettes.clay, title: 'Reformers alineados', windows: 2, reformers: 2, plants: 0 }),
  ],
  ['carrusel-02.svg', detail({ ...P, p: palettes.dawn, title: 'Resortes de colores', kind: 'springs' })],
  [
    'carrusel-03.svg',
    room({
      ...P,
      p: palettes.sage,
      title: 'Toallas y pelota junto al reformer',
      windows: 1,
      reformers: 1,
      plants: 1,
      props: 'ball',
    }),
  ],
  ['carrusel-04.svg', detail({ ...P, p: palettes.clay, title: 'Correas y poleas', kind: 'straps' })],
  ['carrusel-05.svg', detail({ ...P, p: palettes.sage, title: 'Rincón de la recepción', kind: 'reception' })],
  [
    'carrusel-06.svg',
    room({
      ...P,
      p: palettes.sand,
      title: 'Bloques y botella de agua sobre el reformer',
      windows: 2,
      reformers: 1,
      plants: 1,
      props: 'blocks',
      flip: true,
    }),
  ],
  ['carrusel-07.svg', detail({ ...P, p: palettes.dusk, title: 'Accesorios de la clase', kind: 'props' })],
  ['carrusel-08.svg', detail({ ...P, p: palettes.sand, title: 'Luz entre los arcos', kind: 'window' })],
  [
    'carrusel-09.svg',
    room({ ...P, p: palettes.dusk, title: 'El estudio al atardecer', windows: 3, reformers: 2, plants: 1 }),
  ],
  ['carrusel-10.svg', detail({ ...P, p: palettes.sage, title: 'Correas del reformer', kind: 'straps' })],
  [
    'carrusel-11.svg',
    room({
      ...P,
      p: palettes.dawn,
      title: 'Aro y tapete enrollado sobre el reformer',
      windows: 1,
      reformers: 1,
      plants: 1,
      props: 'ring',
      flip: true,
    }),
  ],
  ['carrusel-12.svg', detail({ ...P, p: palettes.clay, title: 'Plantas y luz natural', kind: 'window' })],
];

mkdirSync(OUT, { recursive: true });
for (const [file, content] of art) writeFileSync(join(OUT, file), content);
console.log(`${art.length} SVGs in ${OUT}`);

if (!process.argv.includes('--svg-only')) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  /* global Image, document -- the callback below runs in the browser. */
  /** Draws an SVG on a canvas and encodes it; Chromium has the WebP and JPEG encoders. */
  const encode = async (file, width, height, type, quality) => {
    const source = readFileSync(join(OUT, file), 'utf8');
    const base64 = await page.evaluate(
      async ({ source, width, height, type, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d');
        // Cover: crop the middle of the picture to the target's shape.
        const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
        const w = image.naturalWidth * scale;
        const h = image.naturalHeight * scale;
        context.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
        return canvas.toDataURL(type, quality).split(',')[1];
      },
      { source, width, height, type, quality },
    );
    return Buffer.from(base64, 'base64');
  };
  for (const file of ['hero-inicio.svg', 'hero-beneficios.svg', 'estudio-portada.svg', 'banner-beneficios.svg']) {
    for (const width of HERO_WIDTHS) {
      const name = file.replace('.svg', `-${width}.webp`);
      writeFileSync(
        join(OUT, name),
        await encode(file, width, Math.round((width * H.height) / H.width), 'image/webp', 0.8),
      );
    }
  }
  writeFileSync(
    join(ROOT, 'client/public/og-image.jpg'),
    await encode('hero-inicio.svg', 1200, 630, 'image/jpeg', 0.82),
  );
  await browser.close();
  console.log('WebP heroes and client/public/og-image.jpg written');
}
