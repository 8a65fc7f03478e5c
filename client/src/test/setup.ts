import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadInvalidation } from '../api/query-client';
import { preloadDialog } from '../components/ui/dialog';
import { preloadToasts } from '../components/ui/toast';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// findBy*/waitFor give up after 1 s by default: too short for a router's first render on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Dialogs, toasts and the mutations' invalidation table load their code on first use in the browser;
// tests start with it loaded, so that a dialog or toast shows in the same render as in a warm page and
// a mutation settles as soon as its answer (on-demand.test and query-client.test cover the loads).
await Promise.all([preloadDialog(), preloadToasts(), preloadInvalidation()]);
