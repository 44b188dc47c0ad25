import { REJECTED_TEXT_MAX, type RejectedLine } from '../../../domain/imports.schema.js';
import { looksLikeHeader, type ParseResult, splitColumns } from './field-parsers.js';
import { MAX_LINE_BYTES, type TsvLine } from './tsv-reader.js';

/** What a kind of file knows about its lines. */
export interface LineFormat<Row> {
  columns: readonly string[];
  /** The fewest columns a line may have when the last ones are optional (default: all of them). */
  minColumns?: number;
  /** Where data lines hold numbers: a first line with words there is a header. */
  numericColumns: readonly number[];
  parse(cols: string[], lineNo: number): ParseResult<Row>;
}

export type LineOutcome<Row> =
  | { kind: 'skip' }
  | { kind: 'row'; row: Row }
  | { kind: 'reject'; rejected: RejectedLine };

const SKIP = { kind: 'skip' } as const;

/**
 * Turns each line of a file into a row, a rejection, or nothing (a blank line, the header).
 * Pure apart from remembering whether the first non-blank line has been seen.
 */
export function createLineParser<Row>(format: LineFormat<Row>): (line: TsvLine) => LineOutcome<Row> {
  const expected = format.columns.length;
  const fewest = format.minColumns ?? expected;
  let first = true;
  return (line) => {
    if (line.tooLong) {
      first = false;
      return reject(line.lineNo, `The line is longer than ${MAX_LINE_BYTES / 1024} KB`, '');
    }
    if (line.text.trim() === '') return SKIP;
    const cols = splitColumns(line.text, expected);
    if (first) {
      first = false;
      if (cols.length >= fewest && cols.length <= expected && looksLikeHeader(cols, format.numericColumns))
        return SKIP;
    }
    const parsed = format.parse(cols, line.lineNo);
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
