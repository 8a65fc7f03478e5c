import { describe, expect, it } from 'vitest';
import { routeIdOfFile, routerManifest, type ViteManifest } from './ssr-manifest';

describe('routeIdOfFile', () => {
  it.each([
    ['pilates/route', '/pilates'],
    ['pilates/index', '/pilates/'],
    ['index', '/'],
    ['pilates/reservar', '/pilates/reservar'],
    ['pilates/_panel/route', '/pilates/_panel'],
    ['pilates/_panel/clases', '/pilates/_panel/clases'],
    ['pilates/reset-password.$token', '/pilates/reset-password/$token'],
    ['__root', '__root__'],
  ])('should name the route of routes/%s.tsx %s', (file, id) => {
    expect(routeIdOfFile(file)).toBe(id);
  });
});

describe('routerManifest', () => {
  const vite: ViteManifest = {
    'src/main.tsx': { file: 'assets/main-1.js', isEntry: true, imports: ['_framework.js'], css: ['assets/main-1.css'] },
    '_framework.js': { file: 'assets/framework-1.js' },
    '_dialog.js': { file: 'assets/dialog-1.js', imports: ['_framework.js'], css: ['assets/dialog-1.css'] },
    'src/routes/pilates/planes.tsx?tsr-split=component': {
      file: 'assets/planes-1.js',
      imports: ['_framework.js', '_dialog.js', 'src/main.tsx'],
    },
  };

  it("should list the app's script, chunks and styles for every page, and each page's own chunks", () => {
    const manifest = routerManifest(vite, new Set(['__root__', '/pilates/planes']));
    expect(manifest.routes.__root__).toEqual({
      preloads: ['/assets/framework-1.js'],
      css: ['/assets/main-1.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/main-1.js' } }],
    });
    // Only what the app itself does not load already.
    expect(manifest.routes['/pilates/planes']).toEqual({
      preloads: ['/assets/planes-1.js', '/assets/dialog-1.js'],
      css: ['/assets/dialog-1.css'],
    });
  });

  it('should refuse a build whose route chunks name no known route, or that has no entry', () => {
    expect(() => routerManifest(vite, new Set(['__root__']))).toThrow(/Ruta desconocida/);
    expect(() => routerManifest({}, new Set())).toThrow(/src\/main.tsx/);
  });
});
