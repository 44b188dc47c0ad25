import { MAX_REPORTED_REJECTIONS } from '../../../domain/imports.schema.js';

/**
 * Keys repeated within one file (issue 14). The import's behaviour stays as it was (decision
 * 014: the later line wins, in a batch and across batches); this only says so in the report's
 * Notes: 'Line 9: Code BR-1105 is also on line 4; line 9 is applied'.
 *
 * Memory: the keys of a scope are remembered until the scope changes. Items, customers and
 * customer items have one scope (the file: their keys are the catalogue's, thousands); the
 * order history's scope is an order, whose lines the ERP writes together, so a million-line
 * history keeps one order's items at a time (decision 030).
 */
export class RepeatedKeys {
  private scope: string | undefined;
  /** Last line of each key seen in the current scope. */
  private seen = new Map<string, number>();
  /** Every line of the keys that repeat in the current scope, in file order. */
  private repeats = new Map<string, number[]>();
  /** The repeated keys to report, with their lines: worded at the end, once the writer has said which lines it refused. */
  private readonly listed: { key: string; lines: number[] }[] = [];
  private unlisted = 0;

  see(key: string, line: number, scope?: string) {
    if (scope !== this.scope) {
      this.settle();
      this.scope = scope;
    }
    const earlier = this.seen.get(key);
    this.seen.set(key, line);
    if (earlier === undefined) return;
    const lines = this.repeats.get(key);
    if (lines) lines.push(line);
    else this.repeats.set(key, [earlier, line]);
  }

  /**
   * The notes, in the order the keys first repeated. Call once, at the end of the file, with the
   * lines the import refused: the line applied is the last one not refused (issue 33: a refused
   * line was also called applied), and a key whose every line was refused has no note.
   */
  report(refused: (line: number) => boolean = () => false): string[] {
    this.settle();
    const notes = this.listed.flatMap(({ key, lines }) => {
      const kept = lines.filter((l) => !refused(l));
      return kept.length > 1 ? [repeatedKeyNote(key, kept)] : [];
    });
    if (this.unlisted > 0) {
      notes.push(
        `${this.unlisted.toLocaleString('en-US')} more ${this.unlisted === 1 ? 'key is' : 'keys are'} repeated within the file (not listed)`,
      );
    }
    return notes;
  }

  private settle() {
    for (const [key, lines] of this.repeats) {
      if (this.listed.length >= MAX_REPORTED_REJECTIONS) this.unlisted++;
      else this.listed.push({ key, lines });
    }
    // New maps, not clear(): V8's clear() links the old table to the new one, so once a table
    // had reached the old generation every later order's keys stayed alive through that link
    // until a full collection (decision 048).
    if (this.seen.size) this.seen = new Map();
    if (this.repeats.size) this.repeats = new Map();
  }
}

/** 'Line 9: Code BR-1105 is also on line 4; line 9 is applied' (the last line wins). */
export function repeatedKeyNote(key: string, lines: number[]): string {
  const last = lines[lines.length - 1]!;
  const others = lines.slice(0, -1);
  const listed =
    others.length === 1
      ? `line ${others[0]}`
      : `lines ${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}`;
  return `Line ${last}: ${key} is also on ${listed}; line ${last} is applied`;
}
