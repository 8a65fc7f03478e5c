import { CLASS_TYPE_COLOURS, contrastRatio } from './class-type-palette';

describe('class type palette', () => {
  it.each(CLASS_TYPE_COLOURS)('should keep white text readable on %s (AA, 4.5:1)', (colour) => {
    expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('should measure the extremes as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
