import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadInvalidation } from '../api/query-client';
import { preloadDialog } from '../components/ui/dialog';
import { preloadToasts } from '../components/ui/toast';
import { DEFAULT_STUDIO_TIME_ZONE } from '../content/studio';
import { rememberStudioTimeZone } from '../lib/studio-time-zone';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// Files share their worker's jsdom and modules (vite.config.ts, isolate: false): each starts with
// empty storage and cookies, as in a fresh page, and the studio's zone not yet heard from the server.
rememberStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE);
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// findBy*/waitFor give up after 1 s by default: too short for a router's first render on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Dialogs, toasts and the mutations' invalidation table load their code on first use in the browser;
// tests start with it loaded, so that a dialog or toast shows in the same render as in a warm page and
// a mutation settles as soon as its answer (on-demand.test and query-client.test cover the loads).
await Promise.all([preloadDialog(), preloadToasts(), preloadInvalidation()]);
