/*
 * The home page's art (see catalog.ts): its own module, so the first page a visitor sees (its code
 * comes with the app) does not carry the other pages' pictures.
 */
import heroInicio640 from './hero-inicio-640.webp';
import heroInicio960 from './hero-inicio-960.webp';
import heroInicio1440 from './hero-inicio-1440.webp';
import heroInicio1920 from './hero-inicio-1920.webp';
import bannerBeneficios640 from './banner-beneficios-640.webp';
import bannerBeneficios960 from './banner-beneficios-960.webp';
import bannerBeneficios1440 from './banner-beneficios-1440.webp';
import bannerBeneficios1920 from './banner-beneficios-1920.webp';
import planReservar from './plan-reservar.svg';
import planPlanes from './plan-planes.svg';
import type { Art } from './catalog';

export const homeArt = {
  heroInicio: {
    src: heroInicio960,
    sources: [
      { url: heroInicio640, width: 640 },
      { url: heroInicio960, width: 960 },
      { url: heroInicio1440, width: 1440 },
      { url: heroInicio1920, width: 1920 },
    ],
    width: 1600,
    height: 1000,
    alt: 'Sala de Pilates Reformer con luz natural y dos reformers',
  },
  bannerBeneficios: {
    src: bannerBeneficios960,
    sources: [
      { url: bannerBeneficios640, width: 640 },
      { url: bannerBeneficios960, width: 960 },
      { url: bannerBeneficios1440, width: 1440 },
      { url: bannerBeneficios1920, width: 1920 },
    ],
    width: 1600,
    height: 1000,
    alt: 'Reformer frente a los ventanales del estudio',
  },
  planReservar: { src: planReservar, width: 800, height: 600, alt: 'Reformer listo para tu próxima clase' },
  planPlanes: { src: planPlanes, width: 800, height: 600, alt: 'Resortes de colores del reformer' },
} satisfies Record<string, Art>;
