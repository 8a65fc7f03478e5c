import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

// Dialogs and toasts load their code on first use in the browser; tests start with it loaded, so
// that a dialog or toast shows in the same render as in a warm page (on-demand.test covers the load).
await Promise.all([preloadDialog(), preloadToasts()]);
