// The script of the prerendered public pages (scripts/prerender.mjs) in place of the app's entry.
// Those pages are readable before any JavaScript runs, so the app (its entry in data-app, the files
// it imports in data-preload) is requested once the page has loaded and painted: until then its
// picture, fonts and styles have the connection to themselves.
const script = document.querySelector<HTMLScriptElement>('script[data-app]');

function loadApp(): void {
  if (!script?.dataset.app) return;
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ script.dataset.app);
}

let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  loadApp();
};

const afterPaint = () => {
  requestAnimationFrame(() => setTimeout(startOnce, 0));
  // A page opened in a background tab draws no frames: it does not wait for one.
  setTimeout(startOnce, 1000);
};

if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
