import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Temporary names: random per process (several processes, even on several hosts, may write
 * into one shared folder), then a counter, which costs nothing per file.
 */
const processTag = randomBytes(6).toString('hex');
let written = 0;

interface Job {
  id: number;
  file: string;
  tmp: string;
  data: string | Uint8Array;
}
interface Result {
  id: number;
  /** A failed system call's message and fields, as Node's own error has them. */
  error?: { message: string; code?: string; syscall?: string; path?: string; errno?: number };
}

/**
 * Writes a file under a temporary name in the same folder, then renames it: a reader (the
 * ERP polling the export folder) sees the whole file or none of it, never half. The data is
 * on disk before the rename, and the rename before this resolves, so a power cut cannot
 * leave an empty file where the caller has already recorded a written one. The folder is made
 * when it is missing.
 *
 * The writing is done by one thread of its own, in batches (decision 020): each of the seven
 * steps of a file through the libuv pool (open, write, sync, close, rename, and the folder's
 * open and sync) is a round trip between threads, and those round trips were the largest
 * part of what POST Order cost. Writes made while a batch is on disk go in the next one.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  written += 1;
  const id = written;
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${processTag}-${id}.tmp`);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    queued.push({ id, file, tmp, data });
    if (!sent && !scheduled) {
      // The first write waits for the end of this turn of the event loop, so that the writes
      // of the requests answered in the same turn go together.
      scheduled = true;
      setImmediate(sendBatch);
    }
  });
}

/**
 * Files in one batch at most: the thread holds each batch's files open at once, and a backlog
 * must not run the process out of file descriptors. A longer queue takes several batches.
 */
export const FILE_WRITER_BATCH = 256;

const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
const queued: Job[] = [];
/** The batch the thread is writing, if any: one at a time. */
let sent: Job[] | null = null;
let scheduled = false;
let writer: Worker | null = null;

function sendBatch() {
  scheduled = false;
  if (sent || queued.length === 0) return;
  sent = queued.splice(0, FILE_WRITER_BATCH);
  const thread = fileWriter();
  // A write under way keeps the process alive; an idle writer does not.
  thread.ref();
  thread.postMessage(sent);
}

function fileWriter(): Worker {
  if (writer) return writer;
  const thread = new Worker(new URL('./atomic-write.worker.mjs', import.meta.url), { execArgv: [] });
  thread.on('message', (results: Result[]) => {
    sent = null;
    for (const { id, error } of results) {
      const waiter = waiting.get(id);
      waiting.delete(id);
      if (error) {
        const { message, ...fields } = error;
        waiter?.reject(Object.assign(new Error(message), fields));
      } else waiter?.resolve();
    }
    if (queued.length) sendBatch();
    else thread.unref();
  });
  thread.on('error', (err) => writerStopped(thread, err));
  thread.on('exit', (code) =>
    writerStopped(thread, new Error(`the file writer stopped (exit code ${code})`)),
  );
  writer = thread;
  return thread;
}

/**
 * The batch the thread had fails: some of its files may be written, none is known to be. The
 * writes queued behind it go to a new thread.
 */
function writerStopped(thread: Worker, err: Error) {
  if (writer !== thread) return;
  writer = null;
  for (const { id } of sent ?? []) {
    waiting.get(id)?.reject(err);
    waiting.delete(id);
  }
  sent = null;
  if (queued.length) sendBatch();
}

/** Ends the writer thread; a batch it was writing fails, and the next write starts another. */
export async function stopFileWriter(): Promise<void> {
  await writer?.terminate();
}
