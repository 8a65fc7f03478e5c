import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { onRecoverableError } from './lib/server-read';
import { createAppRouter } from './router';
import './styles/app.css';

// zod (the forms' rules, loaded with their pages) compiles schemas with `new Function` when it may;
// the Content-Security-Policy forbids eval, and even zod's feature test for it is reported as a
// violation. Interpreted schemas are fast enough here. zod keeps its settings on globalThis and
// adopts these when it loads: the app's first script need not load zod to set them.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// The server rendered the whole document with the page's data (dehydrated into the page); React
// hydrates that markup in place, with the same data, instead of drawing the page again. A part the
// server sent in its loading state (its read was late) is drawn here once its data arrives.
const router = createAppRouter(createQueryClient());

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
  { onRecoverableError },
);
