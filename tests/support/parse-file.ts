import type { RejectedLine } from '../../src/domain/imports.schema.js';
import { createLineParser, type LineFormat } from '../../src/server/modules/imports/line-parser.js';
import type { TsvLine } from '../../src/server/modules/imports/tsv-reader.js';

/** A whole file's rows and rejections without a database, for the parser tests. */
export async function parseFile<Row>(
  lines: AsyncIterable<TsvLine[]>,
  format: LineFormat<Row>,
): Promise<{ rows: Row[]; rejected: RejectedLine[]; lines: number }> {
  const parseLine = createLineParser(format);
  const rows: Row[] = [];
  const rejected: RejectedLine[] = [];
  let count = 0;
  for await (const chunk of lines) {
    for (const line of chunk) {
      const outcome = parseLine(line);
      if (outcome.kind === 'skip') continue;
      count++;
      if (outcome.kind === 'row') rows.push(outcome.row);
      else rejected.push(outcome.rejected);
    }
  }
  return { rows, rejected, lines: count };
}
