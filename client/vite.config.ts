/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The API and the built client share one origin in production; in development Vite proxies /api.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
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
    }),
    react(),
    tailwindcss(),
  ],
  // The shared date helpers compiled from their TypeScript source (no build of libs/dates needed).
  resolve: { alias: { '@pilates/dates': fromHere('../libs/dates/src/index.ts') } },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names: the server serves dist/assets/ with an immutable cache.
    assetsDir: 'assets',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Rendering through the router and the dialogs takes a while on a busy 2-core machine.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
