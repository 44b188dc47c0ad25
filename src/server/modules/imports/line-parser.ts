import { REJECTED_TEXT_MAX, type RejectedLine } from '../../../domain/imports.schema.js';
import { columnCountMessage, type ParseResult, splitColumns } from './field-parsers.js';
import { type HeaderNames, isHeaderLine, readHeader } from './header-line.js';
import { MAX_LINE_BYTES, type TsvLine } from './tsv-reader.js';

/** What a kind of file knows about its lines. */
export interface LineFormat<Row> {
  columns: readonly string[];
  /** The fewest columns a line may have when the last ones are optional (default: all of them). */
  minColumns?: number;
  /** The names each column is known by in a header line (header-line.ts). */
  headerNames: HeaderNames;
  /**
   * `unnamed`: with a header line, the optional columns it leaves out before the last one it
   * names (true at their index): their cells read '', and a file that has no such column is not
   * one whose column is blank. Absent without a header line: a line has the columns it has.
   */
  parse(cols: string[], lineNo: number, unnamed?: readonly boolean[]): ParseResult<Row>;
}

export type LineOutcome<Row> =
  | { kind: 'skip' }
  | { kind: 'row'; row: Row }
  | { kind: 'reject'; rejected: RejectedLine };

const SKIP = { kind: 'skip' } as const;

/**
 * Turns each line of a file into a row, a rejection, or nothing (a blank line, the header).
 * A first line that names the columns is the header: its names say where each column is on
 * the lines after it (header-line.ts); a header it cannot map throws a HeaderError.
 * Pure apart from remembering the first non-blank line and what it said.
 */
export function createLineParser<Row>(format: LineFormat<Row>): (line: TsvLine) => LineOutcome<Row> {
  const expected = format.columns.length;
  const fewest = format.minColumns ?? expected;
  let first = true;
  /** The header's cells and where each column is among them; null: the columns are in their order. */
  let header: { cells: string[]; positions: number[]; unnamed: boolean[] | undefined } | null = null;
  return (line) => {
    if (line.tooLong) {
      first = false;
      return reject(line.lineNo, `The line is longer than ${MAX_LINE_BYTES / 1024} KB`, '');
    }
    if (line.notUtf8) {
      first = false;
      return reject(
        line.lineNo,
        'The line is not valid UTF-8, the encoding of the rest of the file (a character is cut, or the line was pasted from a file saved in another encoding)',
        line.text,
      );
    }
    if (line.text.trim() === '') return SKIP;
    let cols = splitColumns(line.text, header ? header.cells.length : expected);
    if (first) {
      first = false;
      if (isHeaderLine(cols, format.headerNames)) {
        const positions = readHeader(cols, format.headerNames, fewest);
        const unnamed = positions.map((i) => i === -1);
        header = { cells: cols, positions, unnamed: unnamed.includes(true) ? unnamed : undefined };
        return SKIP;
      }
    }
    if (header) {
      if (cols.length !== header.cells.length)
        return reject(line.lineNo, columnCountMessage(cols.length, header.cells), line.text);
      const named = cols;
      cols = header.positions.map((i) => (i === -1 ? '' : named[i]!));
    }
    const parsed = format.parse(cols, line.lineNo, header?.unnamed);
    return parsed.ok ? { kind: 'row', row: parsed.row } : reject(line.lineNo, parsed.message, line.text);
  };
}

function reject(Line: number, Message: string, text: string): LineOutcome<never> {
  return { kind: 'reject', rejected: { Line, Message, Text: reportedText(text) } };
}

/** The start of a rejected line for the report, never ending in half a surrogate pair. */
export function reportedText(text: string): string {
  if (text.length <= REJECTED_TEXT_MAX) return text;
  const cut = text.slice(0, REJECTED_TEXT_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
