/*
 * The studio's facts in one place. Address, phone, WhatsApp, Instagram, map and opening hours are
 * the owner's to change on "Ajustes" (the site reads them from GET /api/studio: lib/studio-contact.ts);
 * the values here and in libs/dates/src/studio-contact.ts are their first-start defaults, which
 * search engines' structured data and the mails still use. The rest (name, links…) is edited here.
 *
 * The values below are placeholders for the repository: replace them before launch.
 */
import {
  DEFAULT_STUDIO_CONTACT,
  STUDIO_CONTACT,
  studioAddressLine,
  studioAddressLines,
} from '@pilates/dates/studio-contact';

export const studio = {
  // Name, address, phone and WhatsApp: in libs/dates/src/studio-contact.ts (the mails read them too).
  ...STUDIO_CONTACT,
  shortName: 'Pilates Reformer',
  tagline: 'Pilates Reformer en grupos pequeños, a tu ritmo.',
  // The site's public address: sitemap.xml and robots.txt are written with it at build time.
  siteUrl: 'https://www.estudiopilatesreformer.mx',
  // Search engines and link previews show this when a page has no description of its own.
  description:
    'Clases de Pilates Reformer en grupos pequeños en Metepec, Estado de México. Conoce el estudio, sus planes y reserva tu clase en línea.',
  // Shown in the footer's "Contacto" column.
  locationName: 'Metepec, Estado de México',
  instagram: {
    handle: '@estudiopilatesreformer',
    url: DEFAULT_STUDIO_CONTACT.instagram,
  },
  // The studio on a map (JSON-LD for search engines); the embedded map below shows the same place.
  geo: { latitude: 19.2547, longitude: -99.6047 },
  // Opening hours for search engines (schema.org days, 24-hour times).
  openingHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '21:00' },
    { days: ['Saturday'], opens: '08:00', closes: '11:00' },
  ],
  // Shown as a price range by search engines.
  priceRange: '$220 – $2,900 MXN',
  // A video of the studio for /pilates/estudio (muted, looping; e.g. '/media/estudio.mp4' in client/public).
  // null shows the still picture instead.
  studioVideo: null as { src: string; type: string } | null,
  // Google Maps "embed" address (Compartir → Insertar un mapa → the iframe's src).
  mapEmbedUrl: DEFAULT_STUDIO_CONTACT.mapUrl,
  agency: {
    name: 'Taller Web Metepec',
    url: 'https://example.com/',
  },
} as const;

// The studio's time zone until the server's answer (its STUDIO_TZ) arrives: keep them the same.
export const DEFAULT_STUDIO_TIME_ZONE = 'America/Mexico_City';

// Derived values: no need to edit below this line.

export { studioAddressLine, studioAddressLines };

export const phoneUrl = `tel:${studio.phone.e164}`;

/** A link that opens the studio's place in a maps application (no request until the visitor follows it). */
export const mapsLinkUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(studioAddressLine)}`;

/**
 * The public pages with the title and description search engines and link previews show.
 * sitemap.xml lists them; each route's `head` reads its own entry.
 */
export const publicPages = {
  home: {
    path: '/pilates',
    title: 'Pilates Reformer en Metepec',
    description:
      'Estudio de Pilates Reformer en Metepec, Estado de México: clases en grupos pequeños, instructores certificados y reservas en línea.',
  },
  estudio: {
    path: '/pilates/estudio',
    title: 'Estudio',
    description:
      'Conoce nuestras instalaciones en Metepec: sala luminosa, reformers profesionales y grupos de hasta ocho personas.',
  },
  beneficios: {
    path: '/pilates/beneficios',
    title: 'Beneficios',
    description:
      'Descubre los beneficios del Pilates Reformer: fuerza de core, mejor postura, flexibilidad, menos estrés y una espalda sana.',
  },
  planes: {
    path: '/pilates/planes',
    title: 'Planes',
    description:
      'Planes de Pilates Reformer de 1 a 20 clases al mes, desde $220. Elige el tuyo y reserva tu lugar en línea.',
  },
  reservar: {
    path: '/pilates/reservar',
    title: 'Reservar',
    description: 'Elige el día y la hora de tu próxima clase de Pilates Reformer y reserva tu lugar en línea.',
  },
  cuenta: {
    path: '/pilates/cuenta',
    title: 'Mi cuenta',
    description: 'Inicia sesión o crea tu cuenta para reservar clases de Pilates Reformer y comprar tus planes.',
  },
  cycling: {
    path: '/cycling',
    title: 'Indoor Cycling',
    description: 'Muy pronto: clases de Indoor Cycling. Mientras tanto, te esperamos en Pilates Reformer.',
  },
  terminos: {
    path: '/pilates/terminos',
    title: 'Términos y condiciones',
    description: 'Términos y condiciones de uso del sitio, de las reservas y de los planes del estudio.',
  },
  privacidad: {
    path: '/pilates/aviso-de-privacidad',
    title: 'Aviso de privacidad',
    description: 'Cómo tratamos tus datos personales conforme a la Ley Federal de Protección de Datos Personales.',
  },
  arco: {
    path: '/pilates/derechos-arco',
    title: 'Ejercer mis derechos ARCO',
    description:
      'Pide acceso, rectificación, cancelación u oposición al uso de tus datos personales. Respondemos en 20 días hábiles.',
  },
} as const satisfies Record<string, { path: string; title: string; description: string }>;

export type PublicPage = keyof typeof publicPages;
