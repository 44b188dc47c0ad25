import { isAscii, isUtf8 } from 'node:buffer';

/**
 * Turns an upload (a stream of byte chunks) into numbered text lines, chunk by chunk, so
 * memory stays flat whatever the file size (design.md 5.8). Handles a UTF-8 BOM, LF or
 * CRLF, a last line without a line break, UTF-16 files with a BOM (Excel's "Unicode Text"),
 * and Windows-1252 text. The encoding is the file's, not each line's (issue 43): the first line
 * that is not plain ASCII decides it, UTF-8 when it holds a UTF-8 character, else Windows-1252.
 * In a UTF-8 file a line that is not valid UTF-8 (a description cut in the middle of 'é') is
 * marked, and rejected with its number, instead of being read as Windows-1252 and garbled.
 */

export interface TsvLine {
  /** 1-based, counting every line of the file (blank ones too), as an editor shows it. */
  lineNo: number;
  text: string;
  /** The line was longer than MAX_LINE_BYTES; its text is dropped, not kept in memory. */
  tooLong?: true;
  /** The file is UTF-8 and this line is not valid UTF-8 (its text has U+FFFD where it is broken). */
  notUtf8?: true;
}

/** A UTF-8 character of 2 to 4 bytes: what a Windows-1252 line almost never holds. */
const UTF8_CHARACTER = /[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}/;

function holdsUtf8Character(bytes: Buffer): boolean {
  return UTF8_CHARACTER.test(bytes.toString('latin1'));
}

/** A file that is not text at all (NUL bytes: a spreadsheet, an archive, a picture). */
export class NotTextError extends Error {
  override name = 'NotTextError';
  constructor(message = 'The file is not a tab-separated text file (it contains binary data)') {
    super(message);
  }
}

/** A file whose lines end with CR alone: it reads as one line of many columns (issue 43). */
export const CR_ONLY_MESSAGE =
  'The lines of the file end with a carriage return alone (CR), as old Mac spreadsheets save "Text (Mac)": save it again as "Text (Tab delimited)" (Windows, CRLF) or "Unicode Text", or with LF line ends';

/** UTF-16 without its byte order mark: every other byte is 0, which looked like binary data. */
export const UTF16_NO_BOM_MESSAGE =
  'The file looks like UTF-16 text without a byte order mark, which cannot be read safely: save it as "Unicode Text" (UTF-16 with its mark), or as UTF-8 or "Text (Tab delimited)"';

/** NUL bytes at every other position of the first bytes, and nowhere else: UTF-16 text without a BOM. */
function looksLikeUtf16(data: Buffer): boolean {
  const n = Math.min(data.length, 512) & ~1;
  if (n < 4) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (data[i] === 0) evenZeros++;
    if (data[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  return (oddZeros > pairs * 0.8 && evenZeros === 0) || (evenZeros > pairs * 0.8 && oddZeros === 0);
}

function notText(data: Buffer, atStart: boolean): NotTextError {
  return new NotTextError(atStart && looksLikeUtf16(data) ? UTF16_NO_BOM_MESSAGE : undefined);
}

/** Ctrl-Z (0x1A), which DOS-era exports write at the end of a file. */
const CTRL_Z = 0x1a;
const CR = 0x0d;

/** No real import line comes near this; a longer one is skipped so memory stays bounded. */
export const MAX_LINE_BYTES = 64 * 1024;

const LF = 0x0a;

// Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (nodejs/node#56542): the 32
// code points where the two differ (0x80-0x9F: €, curly quotes, dashes, ...) are mapped here.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (one line alone, when nothing else says which). */
export function decodeLine(bytes: Buffer): string {
  return isUtf8(bytes) ? bytes.toString('utf8') : decodeWindows1252(bytes);
}

function stripCr(s: string): string {
  return s.endsWith('\r') ? s.slice(0, -1) : s;
}

/**
 * Splits bytes into lines as they arrive: `push` a chunk, get the lines it completed; `end`
 * gives the last line when the file does not end with a line break.
 */
export class LineSplitter {
  private rest: Buffer | null = null;
  private lineNo = 0;
  private started = false;
  /** Inside a line that grew past MAX_LINE_BYTES: its bytes up to the next LF are dropped. */
  private skipping = false;
  /** The file's encoding, once a line that is not plain ASCII has decided it. */
  private encoding: 'utf-8' | 'windows-1252' | null = null;

  push(chunk: Uint8Array): TsvLine[] {
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.rest) data = Buffer.concat([this.rest, data]);
    this.rest = null;
    if (!this.started) {
      if (data.length < 3) {
        this.rest = Buffer.from(data);
        return [];
      }
      data = this.stripBom(data);
    }
    if (data.includes(0)) throw notText(data, this.lineNo === 0);

    const lines: TsvLine[] = [];
    const last = data.lastIndexOf(LF);
    if (last === -1) {
      // No line break in the first line's worth of bytes: a CR-only file, or one line too long.
      if (data.length > MAX_LINE_BYTES) this.refuseCrOnly(data);
      if (!this.skipping) this.keepRest(data, lines);
      return lines;
    }
    let body = data.subarray(0, last);
    if (this.skipping) {
      const at = body.indexOf(LF);
      body = at === -1 ? Buffer.alloc(0) : body.subarray(at + 1);
      this.skipping = false;
      if (at === -1) {
        this.keepRest(data.subarray(last + 1), lines);
        return lines;
      }
    }
    this.split(body, lines);
    this.keepRest(data.subarray(last + 1), lines);
    return lines;
  }

  end(): TsvLine[] {
    const rest = this.rest;
    this.rest = null;
    if (!rest || this.skipping) return [];
    let data = this.started ? rest : this.stripBom(rest);
    if (data.includes(0)) throw notText(data, this.lineNo === 0);
    // A DOS export's end-of-file mark is not part of the last value.
    let end = data.length;
    while (end > 0 && data[end - 1] === CTRL_Z) end--;
    data = data.subarray(0, end);
    this.refuseCrOnly(data);
    if (data.at(-1) === LF) data = data.subarray(0, -1);
    if (data.length === 0) return [];
    const lines: TsvLine[] = [];
    // A short file that never filled the first 3 bytes may still hold a line break.
    this.split(data, lines);
    return lines;
  }

  /** No line break yet, and a CR with more after it: the lines end with CR alone. */
  private refuseCrOnly(data: Buffer) {
    if (this.lineNo > 0) return;
    const cr = data.indexOf(CR);
    if (cr !== -1 && cr < data.length - 1 && data.indexOf(LF) === -1) throw new NotTextError(CR_ONLY_MESSAGE);
  }

  private stripBom(data: Buffer): Buffer {
    this.started = true;
    return data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  }

  /** Keeps the start of an unfinished line (copied: a view would pin the whole chunk). */
  private keepRest(tail: Buffer, lines: TsvLine[]) {
    if (tail.length > MAX_LINE_BYTES) {
      lines.push({ lineNo: ++this.lineNo, text: '', tooLong: true });
      this.skipping = true;
    } else if (tail.length > 0) {
      this.rest = Buffer.from(tail);
    }
  }

  private split(body: Buffer, lines: TsvLine[]) {
    // The common cases at once: plain ASCII, or a UTF-8 file whose lines are all valid.
    if (this.encoding !== 'windows-1252' && isUtf8(body)) {
      if (this.encoding === null && !isAscii(body)) this.encoding = 'utf-8';
      for (const text of body.toString('utf8').split('\n')) lines.push(tooLongOr(++this.lineNo, text));
      return;
    }
    let from = 0;
    for (;;) {
      const at = body.indexOf(LF, from);
      const end = at === -1 ? body.length : at;
      lines.push(this.decoded(++this.lineNo, body.subarray(from, end)));
      if (at === -1) return;
      from = at + 1;
    }
  }

  private decoded(lineNo: number, bytes: Buffer): TsvLine {
    if (this.encoding === null && !isAscii(bytes))
      this.encoding = isUtf8(bytes) || holdsUtf8Character(bytes) ? 'utf-8' : 'windows-1252';
    if (this.encoding === 'windows-1252') return tooLongOr(lineNo, decodeWindows1252(bytes));
    const line = tooLongOr(lineNo, bytes.toString('utf8'));
    return line.tooLong || isUtf8(bytes) ? line : { ...line, notUtf8: true };
  }
}

/** Yields the lines of each chunk as one array (one await per chunk, not per line). */
export async function* readTsvLines(source: AsyncIterable<Uint8Array>): AsyncGenerator<TsvLine[]> {
  const splitter = new LineSplitter();
  for await (const chunk of transcodeUtf16(source)) {
    const lines = splitter.push(chunk);
    if (lines.length) yield lines;
  }
  const lines = splitter.end();
  if (lines.length) yield lines;
}

function tooLongOr(lineNo: number, text: string): TsvLine {
  // A line that arrived whole in one chunk can still be too long to be a real import line.
  if (text.length > MAX_LINE_BYTES) return { lineNo, text: '', tooLong: true };
  return { lineNo, text: stripCr(text) };
}

/**
 * Excel's "Unicode Text" is UTF-16 with a BOM. Such a file is re-encoded to UTF-8 as it
 * streams; any other file passes through untouched.
 */
async function* transcodeUtf16(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let decoder: TextDecoder | null = null;
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.length < 2) continue;
      const le = head[0] === 0xff && head[1] === 0xfe;
      const be = head[0] === 0xfe && head[1] === 0xff;
      const first = head;
      head = null;
      if (!le && !be) {
        yield first;
        continue;
      }
      decoder = new TextDecoder(le ? 'utf-16le' : 'utf-16be');
      yield Buffer.from(decoder.decode(first.subarray(2), { stream: true }), 'utf8');
      continue;
    }
    yield decoder ? Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8') : chunk;
  }
  if (head?.length) yield head;
  if (decoder) yield Buffer.from(decoder.decode(), 'utf8');
}
