import { describe, expect, it } from 'vitest';
import { connectionCap, openFileLimit } from './slow-clients.js';

describe('connection cap', () => {
  it('leaves 1,024 open files for the rest of the server, within 256 and 50,000', () => {
    expect(connectionCap(20_000)).toBe(18_976);
    expect(connectionCap(1024)).toBe(256);
    expect(connectionCap(1_048_576)).toBe(50_000);
    expect(connectionCap(null)).toBe(4096);
  });

  it('reads the soft open-file limit on Linux', () => {
    const limit = openFileLimit();
    if (process.platform === 'linux') expect(limit).toBeGreaterThan(0);
  });
});
