import { CSV_BOM, csvCell, toCsv } from './csv';

describe('CSV cells and files', () => {
  it('should quote a cell with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('López, Ana')).toBe('"López, Ana"');
    expect(csvCell('Ana "La Flaca"')).toBe('"Ana ""La Flaca"""');
    expect(csvCell('una\ndos')).toBe('"una\ndos"');
    expect(csvCell('una\r\ndos')).toBe('"una\r\ndos"');
    expect(csvCell('sencillo')).toBe('sencillo');
  });

  it('should defuse a text a spreadsheet would run as a formula, and keep numbers as numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+52 55')).toBe("'+52 55");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUMA(A1)')).toBe("'@SUMA(A1)");
    expect(csvCell('=HIPERVINCULO("x", "y")')).toBe(`"'=HIPERVINCULO(""x"", ""y"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1500.5)).toBe('1500.5');
    expect(csvCell(null)).toBe('');
  });

  it('should start with the BOM, write the header first and end every line with CRLF', () => {
    expect(
      toCsv(
        ['Nombre', 'Clases'],
        [
          ['Ana', 3],
          ['Luis, Jr.', 0],
        ],
      ),
    ).toBe(`${CSV_BOM}Nombre,Clases\r\nAna,3\r\n"Luis, Jr.",0\r\n`);
  });
});
