/**
 * The order guides this process has built, as the JSON text it sent, each with the version
 * of the data it was built from (decision 054). An entry is only served after the caller has
 * read the current version from the database and found it equal, so another process's write
 * is seen on the next request; the cache holds nothing another process would need.
 *
 * Bounded three ways, because a process's memory is shared with everything else it does
 * (issue 22: an idle server under 120 MB): a number of entries, a number of characters in
 * all (one guide is 20 kB for a customer of a hundred usual products, 260 kB for one with
 * figures on 1,500), and an age after which an entry is built again whatever the versions
 * say, a safety net for a write that raised no version. Least recently used goes first.
 * Nothing is allocated until the first guide is stored.
 */
export interface GuideCacheLimits {
  maxEntries: number;
  maxChars: number;
  maxAgeMs: number;
}

export const GUIDE_CACHE_LIMITS: GuideCacheLimits = {
  maxEntries: 500,
  // About 16 MB of one-byte text: 800 typical guides, 60 of the largest.
  maxChars: 16 * 1024 * 1024,
  maxAgeMs: 5 * 60_000,
};

interface Entry {
  /** The data version the database gave with the guide's rows (order-guide.service.ts). */
  version: string;
  json: string;
  storedAt: number;
}

export class GuideCache {
  /** A Map iterates in insertion order: moving an entry to the end on use makes the first one the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly limits: GuideCacheLimits = GUIDE_CACHE_LIMITS,
    // Monotonic, not the app's clock: the age limit is about this process, not the business day.
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Whether anything is stored for the key, so the caller knows a version check could pay off. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The text stored for the key if it was built from `version` and is not too old. */
  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || this.clock() - entry.storedAt > this.limits.maxAgeMs) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.json;
  }

  set(key: string, version: string, json: string): void {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    // A guide larger than the whole budget would only push every other one out.
    if (json.length > this.limits.maxChars) return;
    this.entries.set(key, { version, json, storedAt: this.clock() });
    this.chars += json.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.chars <= this.limits.maxChars) break;
      this.remove(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get storedChars(): number {
    return this.chars;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.chars -= entry.json.length;
  }
}
