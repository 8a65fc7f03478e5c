import { publicPages, studio, studioAddressLines, type PublicPage } from '../content/studio';

/** The document title of a page: "Planes · Estudio Pilates Reformer". */
export const pageTitle = (page?: string): string => (page ? `${page} · ${studio.name}` : studio.name);

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string };

let siteOrigin: string | undefined;

/**
 * The site's address (the server's APP_URL): the server renders with it and hands it to the browser
 * with the page, so both write the same canonical link, og:url and structured data.
 */
export function setSiteOrigin(origin: string): void {
  siteOrigin = origin.replace(/\/$/, '');
}

export const getSiteOrigin = (): string =>
  siteOrigin ?? (typeof window === 'undefined' ? studio.siteUrl : window.location.origin);

// Link previews need absolute addresses.
const origin = getSiteOrigin;

/** Title, description and Open Graph tags of a page (rendered by <HeadContent /> in the root route). */
export function pageMeta({ title, description, path }: { title?: string; description?: string; path?: string }) {
  const fullTitle = pageTitle(title);
  const text = description ?? studio.description;
  const meta: MetaTag[] = [
    { title: fullTitle },
    { name: 'description', content: text },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'es_MX' },
    { property: 'og:site_name', content: studio.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: text },
    { property: 'og:image', content: `${origin()}/og-image.jpg` },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: `Sala de Pilates Reformer de ${studio.name}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (path) meta.push({ property: 'og:url', content: `${origin()}${path}` });
  return meta;
}

/** Route `head` option for a page with a title (and, optionally, its own description). */
export const titleHead = (page?: string, description?: string) => () => ({
  meta: pageMeta({ title: page, description }),
});

/** Route `head` option for one of the public pages of `publicPages`: title, description, Open Graph, canonical. */
export const publicPageHead = (page: PublicPage) => () => {
  const { title, description, path } = publicPages[page];
  return {
    meta: pageMeta({ title, description, path }),
    links: [{ rel: 'canonical', href: `${origin()}${path}` }],
  };
};

const schemaDays = (days: readonly string[]) => days.map((day) => `https://schema.org/${day}`);

/** The studio as a schema.org ExerciseGym (a LocalBusiness) for search engines, from the content file. */
export function studioStructuredData() {
  const site = origin();
  return {
    '@context': 'https://schema.org',
    '@type': 'ExerciseGym',
    '@id': `${site}/pilates#estudio`,
    name: studio.name,
    description: studio.description,
    url: `${site}/pilates`,
    image: `${site}/og-image.jpg`,
    telephone: studio.phone.e164,
    priceRange: studio.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: studioAddressLines[0],
      addressLocality: studio.address.city,
      addressRegion: studio.address.state,
      postalCode: studio.address.postalCode,
      addressCountry: 'MX',
    },
    geo: { '@type': 'GeoCoordinates', latitude: studio.geo.latitude, longitude: studio.geo.longitude },
    openingHoursSpecification: studio.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: schemaDays(hours.days),
      opens: hours.opens,
      closes: hours.closes,
    })),
    sameAs: [studio.instagram.url],
  };
}

/** The structured data as a `<script type="application/ld+json">` data block for a route's `head.scripts`. */
export function studioJsonLd() {
  // "<" escaped so that no text in the content file can close the script element.
  return {
    type: 'application/ld+json',
    children: JSON.stringify(studioStructuredData()).replace(/</g, '\\u003c'),
  };
}
