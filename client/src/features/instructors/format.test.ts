import { describe, expect, it } from 'vitest';
import { bioExcerpt, initialsOf } from './format';

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
});
