import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LineFormat } from '../../../src/server/modules/imports/line-parser.js';
import { readTsvLines } from '../../../src/server/modules/imports/tsv-reader.js';
import { parseFile } from '../parse-file.js';

/** The broken files the unit and API tests read. */
export const fixturePath = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), name);

/** Parses a fixture as the import does, in small chunks so that lines cross chunk borders. */
export function parseFixture<Row>(name: string, format: LineFormat<Row>) {
  return parseFile(readTsvLines(createReadStream(fixturePath(name), { highWaterMark: 16 })), format);
}
