import { describe, expect, it } from 'vitest';
import {
  decodeLine,
  decodeWindows1252,
  LineSplitter,
  MAX_LINE_BYTES,
  NotTextError,
  readTsvLines,
} from './tsv-reader.js';

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield typeof p === 'string' ? Buffer.from(p, 'utf8') : p;
}

async function read(...parts: (string | Uint8Array)[]) {
  const out: { lineNo: number; text: string; tooLong?: true }[] = [];
  for await (const lines of readTsvLines(chunks(...parts))) out.push(...lines);
  return out;
}

const texts = (lines: { text: string }[]) => lines.map((l) => l.text);

describe('readTsvLines', () => {
  it('numbers every line from 1, blank ones included, and reads LF, CRLF and a last line without a break', async () => {
    const lines = await read('a\tb\r\n\r\nc\td\n  \ne\tf');
    expect(lines).toEqual([
      { lineNo: 1, text: 'a\tb' },
      { lineNo: 2, text: '' },
      { lineNo: 3, text: 'c\td' },
      { lineNo: 4, text: '  ' },
      { lineNo: 5, text: 'e\tf' },
    ]);
  });

  it('does not invent a line after a final line break', async () => {
    expect(texts(await read('a\nb\n'))).toEqual(['a', 'b']);
    expect(texts(await read('a\r\n'))).toEqual(['a']);
  });

  it('gives nothing for an empty file and strips a UTF-8 byte order mark', async () => {
    expect(await read('')).toEqual([]);
    expect(texts(await read(Buffer.from([0xef, 0xbb, 0xbf]), 'x\ty\n'))).toEqual(['x\ty']);
    expect(texts(await read(Buffer.from([0xef, 0xbb, 0xbf, 0x61])))).toEqual(['a']);
  });

  it('joins lines and multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from('Café\tOlé\r\nSecond line €\n', 'utf8');
    const oneByteAtATime = [...bytes].map((b) => Buffer.from([b]));
    expect(texts(await read(...oneByteAtATime))).toEqual(['Café\tOlé', 'Second line €']);
  });

  it('reads a file whose first line beyond ASCII is not UTF-8 as Windows-1252, every line of it', async () => {
    const cp1252 = Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80, 0x35, 0x96, 0x36, 0x0a]);
    // The encoding is the file's (issue 43): bytes that happen to be valid UTF-8 later are still Windows-1252.
    expect(texts(await read('Tea\n', cp1252, 'Café\n'))).toEqual([
      'Tea',
      '\u201cCafé\u201d €5\u20136',
      'CafÃ©',
    ]);
  });

  it('marks a line of a UTF-8 file that is not valid UTF-8, and reads the others', async () => {
    const cut = Buffer.from([0x4f, 0x6c, 0xc3, 0x0a]);
    expect(await read('Café\n', cut, 'Olé\n')).toEqual([
      { lineNo: 1, text: 'Café' },
      { lineNo: 2, text: 'Ol\ufffd', notUtf8: true },
      { lineNo: 3, text: 'Olé' },
    ]);
    // A first line with a UTF-8 character and a cut one: the file is UTF-8.
    expect(await read(Buffer.from([0x43, 0x61, 0x66, 0xc3, 0xa9, 0x20, 0xc3, 0x0a]))).toEqual([
      { lineNo: 1, text: 'Café \ufffd', notUtf8: true },
    ]);
  });

  it('refuses binary data (NUL bytes) anywhere in the file', async () => {
    await expect(read('a\tb\n', Buffer.from([0x50, 0x4b, 0x00, 0x01]))).rejects.toBeInstanceOf(NotTextError);
    await expect(read(Buffer.from([0x00]))).rejects.toBeInstanceOf(NotTextError);
  });

  it('reports a line longer than the limit once, without keeping it, and goes on counting', async () => {
    const long = 'x'.repeat(MAX_LINE_BYTES + 10);
    const lines = await read('a\n', long.slice(0, 40_000), long.slice(40_000), '\nb\n');
    expect(lines).toEqual([
      { lineNo: 1, text: 'a' },
      { lineNo: 2, text: '', tooLong: true },
      { lineNo: 3, text: 'b' },
    ]);
    expect(await read(`a\n${long}\nb`)).toEqual([
      { lineNo: 1, text: 'a' },
      { lineNo: 2, text: '', tooLong: true },
      { lineNo: 3, text: 'b' },
    ]);
  });

  it("reads Excel's Unicode Text (UTF-16 with a byte order mark)", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Café\t1\r\nTea\t2\r\n', 'utf16le')]);
    expect(texts(await read(le.subarray(0, 5), le.subarray(5)))).toEqual(['Café\t1', 'Tea\t2']);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(texts(await read(Buffer.concat([Buffer.from([0xfe, 0xff]), be])))).toEqual(['Café\t1', 'Tea\t2']);
  });
});

describe('decoding', () => {
  it('maps the Windows-1252 range 0x80-0x9F that ISO-8859-1 leaves as control codes', () => {
    expect(decodeWindows1252(Buffer.from([0x80, 0x85, 0x91, 0x92, 0x99, 0x9f, 0xe9]))).toBe('€…‘’™Ÿé');
  });

  it('keeps valid UTF-8 as UTF-8', () => {
    expect(decodeLine(Buffer.from('naïve €', 'utf8'))).toBe('naïve €');
  });

  it('LineSplitter.end gives a short file whose first bytes never filled a chunk', () => {
    const s = new LineSplitter();
    expect(s.push(Buffer.from('a\n'))).toEqual([]);
    expect(s.end()).toEqual([{ lineNo: 1, text: 'a' }]);
  });
});
