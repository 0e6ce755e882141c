import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, toCsv } from './games.csv.ts';

describe('CSV writer', () => {
  it('leaves plain cells alone and empties null', () => {
    expect(csvCell('neon-reels')).toBe('neon-reels');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(5n)).toBe('5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells holding a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('ends every row with CRLF and writes the header first', () => {
    expect(csvRow(['a', 'b,c'])).toBe('a,"b,c"\r\n');
    expect(
      toCsv(
        ['x', 'y'],
        [
          ['1', '2'],
          ['3', null],
        ],
      ),
    ).toBe('x,y\r\n1,2\r\n3,\r\n');
    expect(toCsv(['x'], [])).toBe('x\r\n');
  });
});
