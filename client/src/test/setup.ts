import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// findBy*/waitFor give up after 1 s by default: too short for a router's first render on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });
