/*
 * The studio's facts in one place. The studio edits the values in `studio` (name,
 * address, phone, links…) without touching any other file; everything the site shows
 * about the studio is read from here.
 *
 * The values below are placeholders for the repository: replace them before launch.
 */
export const studio = {
  name: 'Estudio Pilates Reformer',
  shortName: 'Pilates Reformer',
  tagline: 'Pilates Reformer en grupos pequeños, a tu ritmo.',
  // Shown in the footer's "Contacto" column.
  locationName: 'Metepec, Estado de México',
  address: {
    street: 'Av. Leona Vicario 1020, local 4',
    neighborhood: 'Barrio de San Mateo',
    postalCode: '52140',
    city: 'Metepec',
    state: 'Estado de México',
  },
  phone: {
    display: '722 123 4567',
    // International format for tel: links.
    e164: '+527221234567',
  },
  whatsapp: {
    // Country code and number, digits only (wa.me format).
    number: '527221234567',
    greeting: 'Hola, me gustaría información sobre las clases de Pilates Reformer.',
  },
  instagram: {
    handle: '@estudiopilatesreformer',
    url: 'https://www.instagram.com/estudiopilatesreformer/',
  },
  // Google Maps "embed" address (Compartir → Insertar un mapa → the iframe's src).
  mapEmbedUrl: 'https://www.google.com/maps?q=Metepec%2C%20Estado%20de%20M%C3%A9xico&z=14&output=embed',
  agency: {
    name: 'Taller Web Metepec',
    url: 'https://example.com/',
  },
} as const;

export const STUDIO_TIME_ZONE = 'America/Mexico_City';

// Derived values: no need to edit below this line.

export const studioAddressLines: readonly string[] = [
  studio.address.street,
  `${studio.address.neighborhood}, C.P. ${studio.address.postalCode}`,
  `${studio.address.city}, ${studio.address.state}`,
];

export const whatsappUrl = `https://wa.me/${studio.whatsapp.number}?text=${encodeURIComponent(studio.whatsapp.greeting)}`;

export const phoneUrl = `tel:${studio.phone.e164}`;
