import { describe, expect, it } from '@jest/globals';
import { csvCell, csvDocument } from './csv.js';

describe('csv', () => {
  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['=cmd|"/c calc"!A1@x.hr', `"'=cmd|""/c calc""!A1@x.hr"`],
    ['+385@x.hr', "'+385@x.hr"],
    ['-2+3@x.hr', "'-2+3@x.hr"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['', ''],
  ])('%j -> %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes a BOM, the header and CRLF rows', () => {
    expect(
      csvDocument(
        ['email', 'locale'],
        [
          ['a@x.hr', 'hr'],
          ['=b@x.hr', null],
        ],
      ),
    ).toBe("\ufeffemail,locale\r\na@x.hr,hr\r\n'=b@x.hr,\r\n");
  });
});
