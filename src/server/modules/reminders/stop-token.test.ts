import { describe, expect, it } from 'vitest';
import { stopToken, verifyStopToken } from './stop-token.js';

const secret = 'test-session-secret-0123456789abcdef-0123456789';

describe('the stop link token', () => {
  it('names the customer it was signed for', () => {
    const token = stopToken(secret, 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{22}$/);
    expect(verifyStopToken([secret], token)).toBe(42);
  });

  it('is worth nothing altered, moved to another customer, signed with another secret or malformed', () => {
    const token = stopToken(secret, 42);
    const tag = token.split('.')[1]!;
    const flipped = `${tag.slice(0, 5)}${tag[5] === 'A' ? 'B' : 'A'}${tag.slice(6)}`;
    expect(verifyStopToken([secret], `42.${flipped}`)).toBeNull();
    expect(verifyStopToken([secret], `43.${tag}`)).toBeNull();
    expect(verifyStopToken([secret], `042.${tag}`)).toBeNull();
    expect(verifyStopToken([`${secret}x`], token)).toBeNull();
    expect(verifyStopToken([secret], stopToken(`${secret}x`, 42))).toBeNull();
    // The tag's last character carries 4 unused bits: another spelling of the same bytes is refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${tag.slice(0, -1)}${alphabet[alphabet.indexOf(tag.at(-1)!) ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(tag, 'base64url'));
    expect(verifyStopToken([secret], `42.${respelled}`)).toBeNull();
    for (const bad of [
      '',
      '42',
      '42.',
      `.${tag}`,
      `42.${tag}x`,
      `x.${tag}`,
      `99999999999.${tag}`,
      `42.${tag.slice(1)}`,
    ]) {
      expect(verifyStopToken([secret], bad)).toBeNull();
    }
  });

  it('is good under any of the secrets, so a link mailed before SESSION_SECRET changed still works', () => {
    const old = stopToken(secret, 42);
    const next = `${secret}-next`;
    expect(verifyStopToken([next, secret], old)).toBe(42);
    expect(verifyStopToken([next, secret], stopToken(next, 42))).toBe(42);
    expect(verifyStopToken([next], old)).toBeNull();
  });
});
