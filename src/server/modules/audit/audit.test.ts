import { describe, expect, it } from 'vitest';
import { changesBetween } from './audit.js';

describe('changesBetween', () => {
  it('lists the fields that differ, in the shape’s order, created and deleted against null', () => {
    expect(
      changesBetween(
        { Id: 1, Name: 'A', Units: 24, IsActive: true },
        { Id: 1, Name: 'B', Units: 24, IsActive: false },
        ['Id'],
      ),
    ).toEqual([
      { Field: 'Name', Before: 'A', After: 'B' },
      { Field: 'IsActive', Before: true, After: false },
    ]);
    expect(changesBetween(null, { Name: 'A', EndDate: null })).toEqual([
      { Field: 'Name', Before: null, After: 'A' },
    ]);
    expect(changesBetween({ Name: 'A' }, null)).toEqual([{ Field: 'Name', Before: 'A', After: null }]);
  });

  it('never lists a password, hash, secret or token, whatever the shape holds', () => {
    const before = {
      Password: 'old',
      PasswordHash: '$argon2id$x',
      passwordHash: 'h',
      SessionSecret: 's',
      Token: 't',
    };
    const after = {
      Password: 'new',
      PasswordHash: '$argon2id$y',
      passwordHash: 'i',
      SessionSecret: 'u',
      Token: 'v',
    };
    expect(changesBetween(before, after)).toEqual([]);
  });

  it('writes dates as ISO instants and other objects as JSON', () => {
    expect(
      changesBetween({ At: new Date('2026-11-25T16:00:00Z'), Lines: [1] }, { At: null, Lines: [1, 2] }),
    ).toEqual([
      { Field: 'At', Before: '2026-11-25T16:00:00.000Z', After: null },
      { Field: 'Lines', Before: '[1]', After: '[1,2]' },
    ]);
  });
});
