import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readOpenApi, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { userNameMessages } from '../../../domain/user-name.js';
import { adminUsers } from '../../db/schema.js';

describe('users (admin)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let selfId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    selfId = (await t.db.select().from(adminUsers).where(eq(adminUsers.userName, 'admin')))[0]!.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
  const secret = /password|argon2/i;
  const newUser = {
    Name: 'Dana Ortiz',
    UserName: 'dana',
    Password: 'correct horse',
    Company: 'Acme Beverage',
    Email: 'dana@example.com',
    Phone: '(312) 555-0142',
    Fax: '',
  };
  const create = async (body: object) => {
    const res = await call('POST', '/User', admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toMatch(secret);
    return res.json() as { Id: number; UserName: string };
  };

  it.each([
    ['GET', '/Users'],
    ['GET', '/User/1'],
    ['POST', '/User'],
    ['DELETE', '/User/1'],
  ] as const)('%s %s: 401 for nobody, 403 for a customer', async (method, url) => {
    const payload = method === 'POST' ? {} : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, customer, payload)).statusCode).toBe(403);
  });

  it('creates a user who can sign in, lists users by UserName, and never sends a password or hash', async () => {
    const created = await create(newUser);
    expect(created).toEqual({
      Id: created.Id,
      Name: 'Dana Ortiz',
      UserName: 'dana',
      Company: 'Acme Beverage',
      Email: 'dana@example.com',
      Phone: '3125550142',
      Fax: '',
      IsActive: true,
    });
    await create({ UserName: 'Bob', Password: 'bob-password' });
    await signInAdmin(t.app, 'dana', 'correct horse');

    const list = await call('GET', '/Users', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toMatch(secret);
    expect((list.json() as { UserName: string }[]).map((u) => u.UserName)).toEqual(['admin', 'Bob', 'dana']);
    const one = await call('GET', `/User/${created.Id}`, admin);
    expect(one.json()).toEqual(created);
    expect(one.body).not.toMatch(secret);
  });

  it('updates a user, keeping the password unless a new one is given', async () => {
    const { Id } = await create({ UserName: 'carol', Password: 'first-password' });
    const renamed = await call('POST', '/User', admin, {
      Id,
      UserName: 'carol',
      Name: 'Carol K',
      Password: '',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ Id, Name: 'Carol K' });
    await signInAdmin(t.app, 'carol', 'first-password');

    const reset = await call('POST', '/User', admin, { Id, UserName: 'carol', Password: 'second-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).not.toMatch(secret);
    await signInAdmin(t.app, 'carol', 'second-password');
    const old = await call('POST', '/Maint/Authenticate', undefined, {
      User: 'carol',
      Password: 'first-password',
    });
    expect(old.statusCode).toBe(401);
  });

  it('ends the access of a user made inactive, and deletes a user', async () => {
    const { Id } = await create({ UserName: 'erin', Password: 'erin-password' });
    const erin = await signInAdmin(t.app, 'erin', 'erin-password');
    expect((await call('POST', '/User', admin, { Id, UserName: 'erin', IsActive: false })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/Users', erin)).statusCode).toBe(401);
    expect((await call('DELETE', `/User/${Id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/User/${Id}`, admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await call('GET', '/User/999999', admin)).json()).toEqual({ ErrorMessage: 'User was not found' });
    expect((await call('DELETE', '/User/999999', admin)).statusCode).toBe(404);
    expect((await call('POST', '/User', admin, { Id: 999999, UserName: 'ghost' })).statusCode).toBe(404);
  });

  it('answers 409 for a User Name taken in any case', async () => {
    const res = await call('POST', '/User', admin, { UserName: 'ADMIN', Password: 'another-password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ErrorMessage: 'User Name already exists' });
    const { Id } = await create({ UserName: 'frank', Password: 'frank-password' });
    expect((await call('POST', '/User', admin, { Id, UserName: 'Dana' })).statusCode).toBe(409);
  });

  it('refuses a User Name that reads as another: mixed alphabets, invisible or direction characters (issue 33)', async () => {
    const before = await t.db.select().from(adminUsers);
    for (const [UserName, Message] of [
      ['\u0430dmin', userNameMessages.mixedScripts],
      ['admin\u200b', userNameMessages.invisible],
      ['ad\u00admin', userNameMessages.invisible],
      ['\u200fadmin', userNameMessages.invisible],
      ['dan\u0430', userNameMessages.mixedScripts],
    ] as const) {
      const res = await call('POST', '/User', admin, { ...newUser, UserName });
      expect(res.statusCode, JSON.stringify(UserName)).toBe(422);
      expect(res.json().Errors).toEqual([{ Field: 'UserName', Message }]);
    }
    expect(await t.db.select().from(adminUsers)).toEqual(before);
    // Full-width letters are the same name as their plain ones: taken, and signs in as it.
    const taken = await call('POST', '/User', admin, { ...newUser, UserName: 'ＡＤＭＩＮ' });
    expect(taken.statusCode).toBe(409);
    const wide = await create({ ...newUser, UserName: 'ｆｉｏｎａ' });
    expect(wide.UserName).toBe('fiona');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Maint/Authenticate',
      payload: { User: 'ｆｉｏｎａ', Password: newUser.Password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().UserName).toBe('fiona');
  });

  it('keeps an admin from deactivating or deleting themselves', async () => {
    const off = await call('POST', '/User', admin, { Id: selfId, UserName: 'admin', IsActive: false });
    expect(off.statusCode).toBe(422);
    expect(off.json().Errors).toEqual([
      { Field: 'IsActive', Message: 'You cannot deactivate your own user' },
    ]);
    const del = await call('DELETE', `/User/${selfId}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ ErrorMessage: 'You cannot delete your own user' });
    expect((await call('GET', '/Users', admin)).statusCode).toBe(200);
  });

  it('answers 422 naming each field that breaks a rule, without echoing the password', async () => {
    const missing = await call('POST', '/User', admin, { UserName: ' ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().Errors).toEqual([
      { Field: 'UserName', Message: 'User Name is required' },
      { Field: 'Password', Message: 'Password is required' },
    ]);
    const bad = await call('POST', '/User', admin, {
      UserName: 'gina',
      Password: 'short',
      Email: 'nope',
      Phone: '555',
    });
    expect(bad.json().Errors).toEqual([
      { Field: 'Password', Message: 'Password must be at least 8 characters' },
      { Field: 'Email', Message: 'Invalid Email' },
      { Field: 'Phone', Message: 'Valid Phone number is required' },
    ]);
    expect(bad.body).not.toContain('short');
    const shortReset = await call('POST', '/User', admin, {
      Id: selfId,
      UserName: 'admin',
      Password: 'short',
    });
    expect(shortReset.statusCode).toBe(422);
  });

  it('publishes its calls in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/Users', '/api/v1/User/{id}', '/api/v1/User']),
    );
  });
});
