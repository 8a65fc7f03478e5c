/*
 * How to reach the studio, read by the site (client/src/content/studio.ts spreads it into `studio`)
 * and by the server's mails: edit the values here. Placeholders for the repository: replace them
 * before launch.
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
  whatsapp: {
    // Country code and number, digits only (wa.me format).
    number: '527221234567',
    greeting: 'Hola, me gustaría información sobre las clases de Pilates Reformer.',
  },
} as const;

// Derived values: no need to edit below this line.

export const studioAddressLines: readonly string[] = [
  STUDIO_CONTACT.address.street,
  `${STUDIO_CONTACT.address.neighborhood}, C.P. ${STUDIO_CONTACT.address.postalCode}`,
  `${STUDIO_CONTACT.address.city}, ${STUDIO_CONTACT.address.state}`,
];

/** The address on one line: "Av. Leona Vicario 1020, local 4, Barrio de San Mateo, C.P. 52140, Metepec, Estado de México". */
export const studioAddressLine = studioAddressLines.join(', ');

/** A wa.me link that opens a chat with the studio, with `text` (the usual greeting by default) typed in. */
export const studioWhatsappUrl = (text: string = STUDIO_CONTACT.whatsapp.greeting): string =>
  `https://wa.me/${STUDIO_CONTACT.whatsapp.number}?text=${encodeURIComponent(text)}`;
