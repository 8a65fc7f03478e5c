import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/mini';
import { queryClient } from './api/query-client';
import { App, router } from './app';
import { sessionQueryOptions } from './features/session/session';
import './styles/app.css';

// zod compiles schemas with `new Function` when it may; the Content-Security-Policy forbids eval, and
// even zod's feature test for it is reported as a violation. Interpreted schemas are fast enough here.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root.firstElementChild) {
  // A prerendered public page (scripts/prerender.mjs, loaded by boot.ts): its markup is on screen
  // already. React replaces it in one commit, so its first render must be the same page: the route's
  // code and the session are loaded first, else a spinner would show in between. A logged-in
  // visitor's view (the prerendered page is a guest's) comes with that render, and so do the page's
  // description, Open Graph tags and canonical link.
  for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
  void Promise.allSettled([router.load(), queryClient.fetchQuery(sessionQueryOptions)]).then(() =>
    // A transition: React renders in short slices instead of one long task (the page is on screen
    // already, nothing to hurry for), and still swaps the markup in one commit.
    startTransition(() => createRoot(root).render(app)),
  );
} else {
  createRoot(root).render(app);
}
