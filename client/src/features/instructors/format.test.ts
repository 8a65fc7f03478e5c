import { describe, expect, it } from 'vitest';
import { bioExcerpt, initialsOf, photoSrcSet, photoVariant } from './format';

describe('instructor cards', () => {
  it('should make initials from the first and last word', () => {
    expect(initialsOf('Ana López')).toBe('AL');
    expect(initialsOf('María José Ruiz Peña')).toBe('MP');
    expect(initialsOf('Íñigo')).toBe('Í');
  });

  it('should cut a long bio at a whole word with an ellipsis, and keep a short one', () => {
    expect(bioExcerpt('Corta.')).toBe('Corta.');
    expect(bioExcerpt('uno dos tres cuatro cinco', 12)).toBe('uno dos…');
  });

  it('should name each size and format of a photo, and the smallest files sharp at 1x and 2x', () => {
    const url = '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-480.webp';
    expect(photoVariant(url, 96, 'avif')).toBe('/api/fotos/instructores/7-3f2a9c0d1e4b5a69-96.avif');
    expect(photoSrcSet(url, 32, 'webp')).toBe('/api/fotos/instructores/7-3f2a9c0d1e4b5a69-96.webp');
    expect(photoSrcSet(url, 64, 'avif')).toBe(
      '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-96.avif 1x, /api/fotos/instructores/7-3f2a9c0d1e4b5a69-192.avif 2x',
    );
    expect(photoSrcSet(url, 240, 'avif')).toBe('/api/fotos/instructores/7-3f2a9c0d1e4b5a69-480.avif');
  });
});
