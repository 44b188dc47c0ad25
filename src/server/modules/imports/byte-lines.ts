/**
 * Lines of text held as UTF-8 bytes in one buffer that is filled again batch after batch,
 * each line followed by a line break, with a number beside each (its line in the file).
 *
 * What a batch keeps until it is written (a COPY line per row, the text of each line for the
 * rejected ones) used to be strings. A batch is alive while the previous one is written, and
 * the young generation's collections that ran while the server waited for the database found
 * them alive twice and moved them to the old generation: about 450 MB a million lines, garbage
 * there until a full collection, which let the heap grow to 140-170 MB (decision 048). Bytes
 * in a reused buffer are neither: the strings die young, and the buffer is the same one the
 * next time.
 */
export class ByteLines {
  private bytes: Buffer;
  private ends: Int32Array = new Int32Array(1024);
  private numbers: Int32Array = new Int32Array(1024);
  private count = 0;
  private used = 0;

  constructor(initialBytes = 256 * 1024) {
    this.bytes = Buffer.allocUnsafeSlow(initialBytes);
  }

  get length(): number {
    return this.count;
  }

  /** Appends `text` (no line break in it) and its line number. */
  push(text: string, lineNo: number): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8; 1 more for the line break.
    const most = text.length * 3 + 1;
    if (this.used + most > this.bytes.length) this.grow(this.used + most);
    if (this.count === this.ends.length) {
      this.ends = grown(this.ends);
      this.numbers = grown(this.numbers);
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    this.ends[this.count] = this.used;
    this.numbers[this.count++] = lineNo;
    this.bytes[this.used++] = 0x0a;
  }

  /** The text of the `i`th line (decoded again: for the few lines a report quotes). */
  text(i: number): string {
    const start = i === 0 ? 0 : this.ends[i - 1]! + 1;
    return this.bytes.toString('utf8', start, this.ends[i]);
  }

  lineNo(i: number): number {
    return this.numbers[i]!;
  }

  /** Where line number `lineNo` is (the numbers ascending: binary search); -1 when it is not here. */
  indexOf(lineNo: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.numbers[mid]!;
      if (at === lineNo) return mid;
      if (at < lineNo) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Every line, each followed by a line break: a view of the buffer, valid until `clear`. */
  contents(): Buffer {
    return this.bytes.subarray(0, this.used);
  }

  /** Empties it, keeping the buffer for the next batch. */
  clear(): void {
    this.count = 0;
    this.used = 0;
  }

  private grow(atLeast: number) {
    const bigger = Buffer.allocUnsafeSlow(Math.max(atLeast, this.bytes.length * 2));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
