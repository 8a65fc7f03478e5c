/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import { publicPages, studio } from './src/content/studio';

const buildOptions = (options: BuildEnvironmentOptions): BuildEnvironmentOptions => options;

/**
 * The test files whose outcome the machine's time zone could change: they show or compute studio
 * dates and times (the week calendar, the day's classes, plan and class dates, periods, birthdays,
 * the studio's clock). `npm test` runs every file under TZ=UTC, then only these under TZ=Asia/Tokyo
 * (VITEST_ZONES=1); the rest render text, forms and permissions that hold no date, and run once.
 */
const ZONE_SENSITIVE_TESTS = [
  'src/lib/{studio-clock,birth-date,format,wall-clock}.test.{ts,tsx}',
  'src/features/booking/**/*.test.{ts,tsx}',
  'src/features/dashboard/**/*.test.{ts,tsx}',
  'src/features/my-classes/**/*.test.{ts,tsx}',
  'src/features/plans/**/*.test.{ts,tsx}',
  'src/features/purchase/**/*.test.{ts,tsx}',
  'src/features/waitlist/**/*.test.{ts,tsx}',
  'src/features/gift-cards/**/*.test.{ts,tsx}',
  'src/features/timetable/**/*.test.{ts,tsx}',
  'src/features/audit/**/*.test.{ts,tsx}',
  'src/features/informacion/**/*.test.{ts,tsx}',
  'src/features/admin-users/{format,components/user-plans-dialog,components/user-classes-dialog,components/add-plan-dialog}.test.{ts,tsx}',
];

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Test files share their worker's jsdom and module cache (isolate: false): the suite's 114 files
 * then take about a third of the time that building a fresh jsdom and re-importing React, the router
 * and the app for each of them did. A file that replaces a module (`vi.mock`) needs a module cache
 * of its own, so those run isolated; src/test/setup.ts clears what a file could leave behind.
 */
// Scanned only when Vitest loads this file: a build or the dev server needs no list of tests.
const TEST_FILES = process.env.VITEST
  ? (readdirSync(fromHere('./src'), { recursive: true }) as string[])
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `src/${file.replaceAll('\\', '/')}`)
  : [];
// A file may also ask for its own module cache with the comment `@vitest-isolate` (and say why).
const MOCKING_TESTS = TEST_FILES.filter((file) =>
  /vi\.mock\(|@vitest-isolate/.test(readFileSync(fromHere(`./${file}`), 'utf8')),
);
// VITEST_ZONES=1: only the zone-sensitive files.
const TESTS = process.env.VITEST_ZONES === '1' ? ZONE_SENSITIVE_TESTS : ['src/**/*.test.{ts,tsx}'];

// The API and the built client share one origin in production; in development Vite proxies /api.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/** sitemap.xml and robots.txt for search engines, written at build time from the studio's content file. */
function seoFiles(): Plugin {
  const site = (process.env.SITE_URL ?? studio.siteUrl).replace(/\/$/, '');
  return {
    name: 'pilates-seo-files',
    apply: 'build',
    generateBundle() {
      const urls = Object.values(publicPages)
        .map((page) => `  <url><loc>${site}${page.path}</loc></url>`)
        .join('\n');
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      });
      // The account and admin pages are private: nothing for a search engine there.
      const privatePaths = [
        '/api/',
        '/pilates/informacion',
        '/pilates/clases',
        '/pilates/usuarios',
        '/pilates/horario',
        '/pilates/planes-admin',
        '/pilates/auditoria',
        '/pilates/panel',
      ];
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: `User-agent: *\nAllow: /\n${privatePaths.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${site}/sitemap.xml\n`,
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Must come before react(): it rewrites route files into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      // Tests may live beside route files without becoming routes.
      routeFileIgnorePattern: '\\.test\\.tsx?$',
      quoteStyle: 'single',
      semicolons: true,
      // The shared layout (header, footer) and the home page come with the app: no second round trip
      // before the first page a visitor sees. Every other page keeps its own lazily loaded chunk.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/pilates' || routeId === '/pilates/' ? [] : undefined),
        // A page's loader (and the API client it reads with) comes with the page's code, not with
        // the app: the home page does not load what the other pages read.
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [seoFiles()]),
  ],
  // The shared date helpers compiled from their TypeScript source (no build of libs/dates needed).
  // What loads with the app (the shell, the routes' search checks) imports one helper module by its
  // subpath (`@pilates/dates/date-only`): through the index, every helper any page uses (names,
  // 12-hour times) would sit in every page's first download.
  resolve: {
    alias: [
      { find: /^@pilates\/dates$/, replacement: fromHere('../libs/dates/src/index.ts') },
      { find: /^@pilates\/dates\/([\w-]+)$/, replacement: `${fromHere('../libs/dates/src')}/$1.ts` },
      { find: '@', replacement: fromHere('./src') },
    ],
  },
  // The renderer bundles React and the router too: production builds, whatever NODE_ENV the server has.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true, target: 'node' },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: isSsrBuild
    ? buildOptions({
        // The server's renderer: one CommonJS file (the NestJS server requires it at start) with every
        // dependency inside, so it runs from client/dist alone, in the Docker image as anywhere.
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        assetsDir: 'assets',
        rolldownOptions: {
          input: { 'entry-server': fromHere('./src/entry-server.tsx') },
          output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
        },
        assetsInlineLimit: (file: string) => (/\.(svg|webp|jpe?g|png)$/.test(file) ? false : undefined),
      })
    : buildOptions({
        outDir: 'dist',
        emptyOutDir: true,
        // Hashed file names: the server serves dist/assets/ with an immutable cache.
        assetsDir: 'assets',
        // dist/.vite/manifest.json: which script, chunks and styles each route needs (the server
        // lists them in the page it renders).
        manifest: true,
        // A lazily loaded part's imports are not listed beside its import() for preloading: the page
        // the server renders lists its own files (ssr-manifest.ts), so in the app's entry that list
        // (about 2 KB gzip of file names and indexes, growing with every page, on the home page's
        // first download) only saved a round trip on later in-app navigations, which now fetch a
        // page's chunk and then its imports.
        modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
        rolldownOptions: {
          input: { main: fromHere('./src/main.tsx') },
          output: {
            // Lazily loaded files go by their hash alone: the app's entry lists each one it may
            // preload (over a hundred), so a page's name in every file name would be bytes on the home
            // page's first download, growing with every page. The entry keeps its name.
            chunkFileNames: 'assets/[hash].js',
            // React, the router and Query in one file that every page shares, instead of many small
            // chunks: over HTTP/1.1 each extra file costs a round trip on a slow phone connection.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  // Not the non-shim useSyncExternalStoreWithSelector: only the dashboard's charts
                  // (react-redux inside recharts) use it, so it stays in their chunk.
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store(?![\\/](with-selector|cjs[\\/]use-sync-external-store-with-selector)))[\\/]/,
                  priority: 2,
                },
                {
                  // The rest of what every page loads (the app's entry and what it imports), kept in the
                  // entry's chunk: when a lazily loaded part (the charts, a page) shares one of these
                  // modules, the bundler would otherwise split it into a file of its own, a dozen files
                  // of a few hundred bytes each on every page.
                  name: 'main',
                  tags: ['$initial'],
                  priority: 1,
                },
                {
                  // The shared date helpers the app itself does not use (names, 12-hour times): one file
                  // for the pages that word dates, not one per helper module.
                  name: 'dates',
                  test: /libs[\\/]dates[\\/]src[\\/]/,
                  priority: 0,
                },
              ],
            },
          },
        },
        // Pictures stay files (cached, lazily loaded) instead of data: URLs inside the JavaScript.
        assetsInlineLimit: (file: string) => (/\.(svg|webp|jpe?g|png)$/.test(file) ? false : undefined),
      }),
  test: {
    environment: 'jsdom',
    // Each project's files are TESTS less the other's (`extends` would add a root `include` to theirs).
    projects: [
      { extends: true, test: { name: 'shared', include: TESTS, exclude: MOCKING_TESTS, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: TESTS,
          exclude: TEST_FILES.filter((file) => !MOCKING_TESTS.includes(file)),
          isolate: true,
        },
      },
    ],
    // TEST_WALL_CLOCK=<instant> starts the clock there (scripts/test-clock-edges.mjs).
    setupFiles: ['../scripts/lib/shift-wall-clock.cjs', './src/test/setup.ts'],
    restoreMocks: true,
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where the suite's
    // phases then add up to its whole duration. Two, as the server's jest runs.
    maxWorkers: 2,
    // Rendering through the router and the dialogs takes a while on a busy 2-core machine.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
}));
