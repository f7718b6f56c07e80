import { describe, expect, it } from 'vitest';
import { CsvError, CsvParser, csvPages, guessDelimiter } from './csv';

const parse = (text: string, delimiter = ',') => {
  const p = new CsvParser(delimiter);
  return [...p.push(text), ...p.end()];
};

/** The same text split into chunks at every position, so no state is lost at a chunk boundary. */
function everySplit(text: string): string[][][] {
  return Array.from({ length: text.length + 1 }, (_, i) => {
    const p = new CsvParser();
    return [...p.push(text.slice(0, i)), ...p.push(text.slice(i)), ...p.end()];
  });
}

async function* bytes(...parts: (string | Uint8Array)[]) {
  for (const part of parts) yield typeof part === 'string' ? new TextEncoder().encode(part) : part;
}

describe('CsvParser', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(parse('id,name,note\n1,"Doe, Jane","said ""hi""\nthen left"\n2,Bob,\n')).toEqual([
      ['id', 'name', 'note'],
      ['1', 'Doe, Jane', 'said "hi"\nthen left'],
      ['2', 'Bob', ''],
    ]);
  });

  it('takes CRLF, LF and CR line ends, a last line without one, and blank lines as empty records', () => {
    expect(parse('a,b\r\n1,2\r3,4\n\n5,6')).toEqual([['a', 'b'], ['1', '2'], ['3', '4'], [], ['5', '6']]);
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(parse('\uFEFFid,email\n1,a@b.co\n')).toEqual([
      ['id', 'email'],
      ['1', 'a@b.co'],
    ]);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const text = '\uFEFFa,"b\r\n""c"""\r\n1,"x,y"\r\n\r\n2,z';
    const whole = parse(text);
    for (const records of everySplit(text)) expect(records).toEqual(whole);
  });

  it('reads other delimiters and guesses them from the header', () => {
    expect(parse('a;b\n1;"2;3"\n', ';')).toEqual([
      ['a', 'b'],
      ['1', '2;3'],
    ]);
    expect(guessDelimiter('id;email;"first;name"')).toBe(';');
    expect(guessDelimiter('id\temail')).toBe('\t');
    expect(guessDelimiter('id')).toBe(',');
  });

  it('stops at a quote left open instead of holding the rest of the file', () => {
    const p = new CsvParser();
    p.push('id,name\n1,"open\n');
    expect(() => p.push('x'.repeat(200_000))).toThrow(CsvError);
  });
});

describe('csvPages', () => {
  it('pages records with their row numbers and the bytes read, across multi-byte characters split between chunks', async () => {
    const utf8 = new TextEncoder().encode('名前\n');
    const pages = [];
    for await (const page of csvPages(bytes('\uFEFFid,name\n1,', utf8.subarray(0, 2), utf8.subarray(2), '2,b\n3,c\n'), { delimiter: ',', pageSize: 2 })) {
      pages.push(page);
    }
    expect(pages.map((p) => [p.fromRow, p.rows])).toEqual([
      [
        1,
        [
          ['id', 'name'],
          ['1', '名前'],
        ],
      ],
      [
        3,
        [
          ['2', 'b'],
          ['3', 'c'],
        ],
      ],
    ]);
    expect(pages.at(-1)!.bytesRead).toBe(new TextEncoder().encode('\uFEFFid,name\n1,名前\n2,b\n3,c\n').byteLength);
  });

  it('counts the bytes of a file read in one chunk in step with its pages, so progress moves as rows are sent', async () => {
    const text = `id\n${Array.from({ length: 99 }, (_, i) => `${1000 + i}`).join('\n')}\n`;
    const reads: number[] = [];
    for await (const page of csvPages(bytes(text), { delimiter: ',', pageSize: 25 })) reads.push(page.bytesRead);
    const total = new TextEncoder().encode(text).byteLength;
    expect(reads).toEqual([Math.round(total / 4), Math.round(total / 2), Math.round((total * 3) / 4), total]);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const read = async () => {
      for await (const _ of csvPages(bytes(new Uint8Array([0x69, 0x64, 0x0a, 0x82, 0xa0, 0x0a])), { delimiter: ',', pageSize: 10 }));
    };
    await expect(read()).rejects.toThrow(new CsvError('encoding', 2).message);
  });
});
