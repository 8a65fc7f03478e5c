/*
 * How to reach the studio. The owner edits it on the "Ajustes" page (stored in the database, served
 * by GET /api/studio); the values here are the first-start defaults, and what the site shows until
 * the server's answer arrives. The name and the greeting stay here (not settings).
 */
export const STUDIO_CONTACT = {
  name: 'Estudio Pilates Reformer',
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
  /** Where clients write (and what the studio's mails answer to: MAIL_REPLY_TO's default). */
  email: 'hola@estudiopilatesreformer.mx',
  whatsapp: {
    // Country code and number, digits only (wa.me format).
    number: '527221234567',
    greeting: 'Hola, me gustaría información sobre las clases de Pilates Reformer.',
  },
} as const;

/** The contact part of the owner's settings, as GET /api/studio answers it. */
export interface StudioContactInfo {
  /** The address, one line each. */
  address: string[];
  /** The phone as people dial it. */
  phone: string;
  /** The studio's e-mail: where clients write, and where answers to the studio's mails go. */
  email: string;
  /** Country code and number, digits only. */
  whatsapp: string;
  /** The Instagram page's address. */
  instagram: string;
  /** The embedded map's address. */
  mapUrl: string;
  /** Free text lines; none shown when empty. */
  openingHours: string[];
}

// Derived values: no need to edit below this line.

export const studioAddressLines: readonly string[] = [
  STUDIO_CONTACT.address.street,
  `${STUDIO_CONTACT.address.neighborhood}, C.P. ${STUDIO_CONTACT.address.postalCode}`,
  `${STUDIO_CONTACT.address.city}, ${STUDIO_CONTACT.address.state}`,
];

/** The address on one line: "Av. Leona Vicario 1020, local 4, Barrio de San Mateo, C.P. 52140, Metepec, Estado de México". */
export const studioAddressLine = studioAddressLines.join(', ');

/** The first-start contact: what the site showed before the owner could change it. */
export const DEFAULT_STUDIO_CONTACT: StudioContactInfo = {
  address: [...studioAddressLines],
  phone: STUDIO_CONTACT.phone.display,
  email: STUDIO_CONTACT.email,
  whatsapp: STUDIO_CONTACT.whatsapp.number,
  instagram: 'https://www.instagram.com/estudiopilatesreformer/',
  mapUrl: 'https://www.google.com/maps?q=Metepec%2C%20Estado%20de%20M%C3%A9xico&z=14&output=embed',
  openingHours: [],
};

/** A wa.me link that opens a chat with `number`, with `text` (the usual greeting by default) typed in. */
export const whatsappUrlOf = (number: string, text: string = STUDIO_CONTACT.whatsapp.greeting): string =>
  `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/** A wa.me link to the default number (the mails' footer). */
export const studioWhatsappUrl = (text: string = STUDIO_CONTACT.whatsapp.greeting): string =>
  whatsappUrlOf(STUDIO_CONTACT.whatsapp.number, text);

/** A tel: link for a phone as typed: a 10-digit Mexican number gets +52, one with + keeps its code. */
export function phoneUrlOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  return digits.length === 10 ? `tel:+52${digits}` : `tel:${digits}`;
}

/** "@estudiopilatesreformer" for https://www.instagram.com/estudiopilatesreformer/ (the address when it has no path). */
export function instagramHandleOf(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+\/?/, '').split(/[/?#]/)[0];
  return path ? `@${path}` : url;
}

/** The one-line address of a list of lines. */
export const addressLineOf = (lines: readonly string[]): string => lines.join(', ');
