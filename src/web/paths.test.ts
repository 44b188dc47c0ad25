import { describe, expect, it } from 'vitest';
import { loginPath, paths, safeReturnTo } from './paths';

describe('paths', () => {
  it('encodes the worksheet name', () => {
    expect(paths.worksheet(7, 'Joe & Sons / Bar')).toBe('/worksheet/7/Joe%20%26%20Sons%20%2F%20Bar');
  });

  it('keeps where the guard came from', () => {
    expect(loginPath('/user/login', '/order/history?x=1')).toBe(
      '/user/login?returnTo=%2Forder%2Fhistory%3Fx%3D1',
    );
  });

  it('accepts only same-site paths under the allowed prefixes', () => {
    const ok = (raw: string | null) => safeReturnTo(raw, ['/order'], '/order/home');
    expect(ok('/order/history')).toBe('/order/history');
    expect(ok('/order')).toBe('/order');
    expect(ok('/orderx')).toBe('/order/home');
    expect(ok('/maint/home')).toBe('/order/home');
    expect(ok('//evil.example/order')).toBe('/order/home');
    expect(ok('https://evil.example/')).toBe('/order/home');
    expect(ok('/\\evil.example')).toBe('/order/home');
    expect(ok(null)).toBe('/order/home');
  });
});
