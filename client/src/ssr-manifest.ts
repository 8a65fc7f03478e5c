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

/**
 * The router's asset manifest from Vite's: the app's script and styles for every page (root route),
 * and for each page the chunks its code needs, preloaded in the page the server renders, so the
 * browser fetches them at once instead of after the app's script has run.
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
  const routes: Manifest['routes'] = {
    __root__: {
      preloads: [...app.files].filter((file) => file !== `/${entry.file}`),
      css: [...app.css],
      scripts: [{ attrs: { type: 'module', src: `/${entry.file}` } }],
    },
  };
  for (const key of Object.keys(vite)) {
    const split = SPLIT_ROUTE.exec(key);
    if (!split) continue;
    const routeId = routeIdOfFile(split[1]);
    if (!knownRouteIds.has(routeId)) throw new Error(`Ruta desconocida en el manifiesto de Vite: ${key}`);
    const own = closure(key);
    const route = (routes[routeId] ??= { preloads: [], css: [] });
    for (const file of own.files)
      if (!app.files.has(file) && !route.preloads?.includes(file)) route.preloads?.push(file);
    for (const sheet of own.css) if (!app.css.has(sheet) && !route.css?.includes(sheet)) route.css?.push(sheet);
  }
  return { routes };
}
