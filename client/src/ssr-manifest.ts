import type { Manifest } from '@tanstack/react-router';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

const ENTRY = 'src/main.tsx';
const SPLIT_ROUTE = /^src\/routes\/(.+)\.tsx\?tsr-split=/;

/** The route a route file's lazily loaded chunk belongs to: routes/pilates/index.tsx → /pilates/. */
export function routeIdOfFile(path: string): string {
  const id = `/${path}`
    .replace(/\/route$/, '')
    .replace(/\/index$/, '/')
    .replace(/\./g, '/');
  return id === '/__root' ? '__root__' : id;
}

/** A page's own script files, listed in the page for the app's loader (`appLoader`) to fetch. */
export const PAGE_SCRIPTS_ATTRIBUTE = 'data-page-scripts';

/** The app loads this long after the page's first read at the latest, should no paint be reported. */
export const APP_LOAD_FALLBACK_MS = 3000;

/**
 * The inline script that loads the app once the page has painted: the style sheet, fonts and the
 * page's picture do not share a slow connection with the scripts, and a phone shows the server's page
 * before it spends its processor on the scripts (a visitor reads it, and its links work, meanwhile).
 * "Painted" is the browser's first-contentful-paint entry (reported once the frame is on screen; a
 * frame callback alone can run before that), or the next frame where paint entries are unknown; a
 * page in a hidden tab has no paint to wait for; and it waits APP_LOAD_FALLBACK_MS at most, should
 * the paint entry never come. It then adds the app's files and the page's own
 * (listed in its `data-page-scripts` tags) as module preloads, all at once (no waterfall of imports)
 * in one insertion, then the app's script. The router runs a copy of this script again after
 * hydration: the flag makes that a no-op.
 */
export function appLoader(entry: string, appFiles: readonly string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(()=>{if(self.__appLoader)return;self.__appLoader=1;let started=false;` +
    `const load=()=>{if(started)return;started=true;const files=new Set(${json(appFiles)});` +
    `for(const list of document.querySelectorAll('script[${PAGE_SCRIPTS_ATTRIBUTE}]'))for(const file of JSON.parse(list.textContent))files.add(file);` +
    `const tags=document.createDocumentFragment();` +
    `for(const href of files){const link=document.createElement('link');link.rel='modulepreload';link.href=href;tags.append(link)}` +
    `const app=document.createElement('script');app.type='module';app.src=${json(entry)};tags.append(app);document.head.append(tags)};` +
    `if(document.visibilityState!=='visible')return load();` +
    `document.addEventListener('visibilitychange',load,{once:true});setTimeout(load,${APP_LOAD_FALLBACK_MS});` +
    `if(self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes?.includes('paint'))` +
    `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(()=>setTimeout(load))})()`
  );
}

const pageScripts = (files: readonly string[]) => ({
  attrs: { type: 'application/json', [PAGE_SCRIPTS_ATTRIBUTE]: '' },
  children: JSON.stringify(files).replace(/</g, '\\u003c'),
});

/**
 * The router's asset manifest from Vite's: the app's styles and loader for every page (root route),
 * and for each page the chunks its code needs, which the loader fetches with the app's (after the
 * first paint, see `appLoader`) instead of after the app's script has run.
 */
export function routerManifest(vite: ViteManifest, knownRouteIds: ReadonlySet<string>): Manifest {
  const entry = vite[ENTRY];
  if (!entry?.isEntry) throw new Error(`El manifiesto de Vite no tiene la entrada ${ENTRY}`);
  const closure = (key: string, files = new Set<string>(), css = new Set<string>()) => {
    const chunk = vite[key];
    if (!chunk || files.has(`/${chunk.file}`)) return { files, css };
    files.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) closure(imported, files, css);
    return { files, css };
  };
  const app = closure(ENTRY);
  const entryFile = `/${entry.file}`;
  const routes: Manifest['routes'] = {
    __root__: {
      css: [...app.css],
      scripts: [
        {
          children: appLoader(
            entryFile,
            [...app.files].filter((file) => file !== entryFile),
          ),
        },
      ],
    },
  };
  const ownFiles = new Map<string, string[]>();
  for (const key of Object.keys(vite)) {
    const split = SPLIT_ROUTE.exec(key);
    if (!split) continue;
    const routeId = routeIdOfFile(split[1]);
    if (!knownRouteIds.has(routeId)) throw new Error(`Ruta desconocida en el manifiesto de Vite: ${key}`);
    const own = closure(key);
    const route = (routes[routeId] ??= { css: [] });
    const files = ownFiles.get(routeId) ?? [];
    ownFiles.set(routeId, files);
    for (const file of own.files) if (!app.files.has(file) && !files.includes(file)) files.push(file);
    for (const sheet of own.css) if (!app.css.has(sheet) && !route.css?.includes(sheet)) route.css?.push(sheet);
  }
  for (const [routeId, files] of ownFiles) if (files.length) routes[routeId].scripts = [pageScripts(files)];
  return { routes };
}
