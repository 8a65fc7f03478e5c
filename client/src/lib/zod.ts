/*
 * The app's `zod` (vite.config.ts points `import … from 'zod'` here): zod itself, set to interpret
 * schemas. zod compiles them with `new Function` when it may; the Content-Security-Policy forbids
 * eval, and even zod's feature test for it is reported as a violation. Interpreted schemas are fast
 * enough here. It loads with the forms that use it, never with the app's first script.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
