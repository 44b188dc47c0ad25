import { describe, expect, it } from 'vitest';
import { mergedText, newerDraft } from './draft-merge';

const at = (iso: string) => Date.parse(iso);

describe('a draft changed offline meets the server’s', () => {
  it('keeps this device’s when it was changed after the other device saved', () => {
    expect(newerDraft(at('2026-11-25T16:10:00Z'), '2026-11-25T16:05:00.000Z')).toBe('device');
  });

  it('keeps the server’s when the other device saved later, or at the same instant', () => {
    expect(newerDraft(at('2026-11-25T16:05:00Z'), '2026-11-25T16:10:00.000Z')).toBe('server');
    expect(newerDraft(at('2026-11-25T16:05:00Z'), '2026-11-25T16:05:00.000Z')).toBe('server');
  });

  it('keeps this device’s when the server’s time cannot be read', () => {
    expect(newerDraft(at('2026-11-25T16:05:00Z'), '')).toBe('device');
  });

  it('tells which version was replaced, with both times on the business clock', () => {
    const edited = at('2026-11-25T16:10:00Z');
    expect(mergedText('device', edited, '2026-11-25T16:05:00.000Z')).toBe(
      'Your draft saved on another device at 11/25/2026 10:05 AM was replaced by this one, changed here at 11/25/2026 10:10 AM with no network.',
    );
    expect(mergedText('server', edited, '2026-11-25T16:20:00.000Z')).toBe(
      'The changes made here with no network (last at 11/25/2026 10:10 AM) were replaced by your draft saved on another device at 11/25/2026 10:20 AM, which is newer.',
    );
  });
});
