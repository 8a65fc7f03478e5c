/** A class type's level, as stored and as the site names it. */
export const CLASS_TYPE_LEVELS = ['basico', 'intermedio', 'avanzado', 'prenatal'] as const;
export type ClassTypeLevel = (typeof CLASS_TYPE_LEVELS)[number];

export const CLASS_TYPE_LEVEL_NAMES: Record<ClassTypeLevel, string> = {
  basico: 'Básico',
  intermedio: 'Intermedio',
  avanzado: 'Avanzado',
  prenatal: 'Prenatal',
};

/**
 * The colours a class type may take: each holds at least 4.5:1 against white, both ways round (white
 * text on the colour, the colour's mark on the page), so no owner's choice makes a label unreadable
 * (class-type-palette.spec.ts measures them).
 */
export const CLASS_TYPE_COLOURS = [
  '#1d4ed8', // azul
  '#047857', // verde
  '#7c3aed', // violeta
  '#b91c1c', // rojo
  '#be185d', // rosa
  '#0e7490', // turquesa
  '#a14a0b', // terracota
  '#374151', // gris
] as const;
export type ClassTypeColour = (typeof CLASS_TYPE_COLOURS)[number];

export const CLASS_TYPE_NAME_MAX = 40;
export const CLASS_TYPE_DESCRIPTION_MAX = 200;
export const CLASS_TYPE_DURATION_MIN = 15;
export const CLASS_TYPE_DURATION_MAX = 180;

/** WCAG's relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
