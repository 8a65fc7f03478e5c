import { describe, expect, it, vi } from 'vitest';
import {
  APP_LOAD_FALLBACK_MS,
  PAGE_SCRIPTS_ATTRIBUTE,
  appLoader,
  routeIdOfFile,
  routerManifest,
  type ViteManifest,
} from './ssr-manifest';

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

  it("should load the app's script and chunks with each page's own chunks, and list the app's styles", () => {
    const manifest = routerManifest(vite, new Set(['__root__', '/pilates/planes']));
    expect(manifest.routes.__root__).toEqual({
      css: ['/assets/main-1.css'],
      scripts: [{ children: appLoader('/assets/main-1.js', ['/assets/framework-1.js']) }],
    });
    // Only what the app itself does not load already, listed for the app's loader.
    expect(manifest.routes['/pilates/planes']).toEqual({
      css: ['/assets/dialog-1.css'],
      scripts: [
        {
          attrs: { type: 'application/json', [PAGE_SCRIPTS_ATTRIBUTE]: '' },
          children: '["/assets/planes-1.js","/assets/dialog-1.js"]',
        },
      ],
    });
    // No module preload in the page itself: nothing of the app is fetched before the first paint.
    expect(JSON.stringify(manifest)).not.toContain('preloads');
  });

  const loaded = () =>
    [...document.head.children].map((element) =>
      element instanceof HTMLLinkElement
        ? `${element.rel} ${element.getAttribute('href')}`
        : `${element.getAttribute('type')} ${element.getAttribute('src')}`,
    );
  const appAndPage = [
    'modulepreload /assets/framework-1.js',
    'modulepreload /assets/planes-1.js',
    'module /assets/main-1.js',
  ];
  const runLoader = () => {
    delete (globalThis as { __appLoader?: number }).__appLoader;
    document.head.innerHTML = '';
    document.body.innerHTML = `<script type="application/json" ${PAGE_SCRIPTS_ATTRIBUTE}>["/assets/planes-1.js","/assets/framework-1.js"]</script>`;
    const loader = appLoader('/assets/main-1.js', ['/assets/framework-1.js']);
    // The router runs the same script again after hydration.
    new Function(loader)();
    new Function(loader)();
  };
  const tick = () => new Promise((done) => setTimeout(done, 10));

  it("should fetch the app's and the page's files once the first contentful paint is reported, once", async () => {
    const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        private readonly entry: { callback: PerformanceObserverCallback; disconnected: boolean };
        constructor(callback: PerformanceObserverCallback) {
          this.entry = { callback, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const paint = (name: string) =>
      observers[0].callback(
        {
          getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []),
        } as unknown as PerformanceObserverEntryList,
        { disconnect: () => (observers[0].disconnected = true) } as unknown as PerformanceObserver,
      );
    runLoader();
    expect(observers).toHaveLength(1);
    paint('first-paint');
    await tick();
    expect(loaded()).toEqual([]);
    paint('first-contentful-paint');
    expect(observers[0].disconnected).toBe(true);
    await tick();
    expect(loaded()).toEqual(appAndPage);
  });

  it('should load the app after APP_LOAD_FALLBACK_MS when no paint is ever reported', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'PerformanceObserver',
        class {
          static supportedEntryTypes = ['paint'];
          observe() {}
          disconnect() {}
        },
      );
      runLoader();
      vi.advanceTimersByTime(APP_LOAD_FALLBACK_MS - 1);
      expect(loaded()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(loaded()).toEqual(appAndPage);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should wait for the next frame where paint entries are unknown, and not wait in a hidden tab', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    runLoader();
    expect(frames).toHaveLength(1);
    await tick();
    expect(loaded()).toEqual([]);
    frames[0](0);
    await tick();
    expect(loaded()).toEqual(appAndPage);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader();
    expect(loaded()).toEqual(appAndPage);
  });

  it('should refuse a build whose route chunks name no known route, or that has no entry', () => {
    expect(() => routerManifest(vite, new Set(['__root__']))).toThrow(/Ruta desconocida/);
    expect(() => routerManifest({}, new Set())).toThrow(/src\/main.tsx/);
  });
});
