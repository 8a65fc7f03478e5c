/** The site's main sections, in the order the header and menus show them. */
export const sectionLinks = [
  { to: '/pilates/planes', label: 'Planes' },
  { to: '/pilates/estudio', label: 'Estudio' },
  { to: '/pilates/beneficios', label: 'Beneficios' },
] as const;
