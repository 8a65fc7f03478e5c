import { studio } from '../content/studio';

/** The document title of a page: "Planes · Estudio Pilates Reformer". */
export const pageTitle = (page?: string): string => (page ? `${page} · ${studio.name}` : studio.name);

/** Route `head` option that sets the document title (rendered by <HeadContent /> in the root route). */
export const titleHead = (page?: string) => () => ({ meta: [{ title: pageTitle(page) }] });
