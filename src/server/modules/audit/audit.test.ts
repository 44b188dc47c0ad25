import { describe, expect, it } from 'vitest';
import type { Principal } from '../../plugins/auth.js';
import { auditActor, changesBetween } from './audit.js';

describe('auditActor', () => {
  const at = new Date('2026-11-25T16:00:00Z');
  const admin = { role: 'admin', user: { userName: 'maria' } } as Principal;

  it("is the admin's user name at the clock's time", () => {
    expect(auditActor(admin, () => at)).toEqual({ userName: 'maria', at });
  });

  it('refuses anyone but an admin: 401', () => {
    const customer = { role: 'customer', customer: { id: 1 } } as Principal;
    for (const p of [customer, null, undefined]) {
      expect(() => auditActor(p, () => at)).toThrow(expect.objectContaining({ statusCode: 401 }));
    }
  });
});

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
