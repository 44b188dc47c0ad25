import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

// Drizzle's migrator applies only the migrations stamped (`when`) later than the last one a
// database has run. drizzle-kit generate stamps the clock, and the journal's stamps run ahead
// of it: a new migration stamped earlier would be skipped on every database already migrated,
// and only on those, so no test on a fresh database would notice.
it('stamps every migration in the journal later than the one before it', () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const stamps = journal.entries.map((e) => e.when);
  expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  expect(new Set(stamps).size).toBe(stamps.length);
});
