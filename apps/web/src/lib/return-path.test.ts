import { beforeEach, describe, expect, it } from 'vitest';
import { isSafeReturnPath, rememberReturnPath, takeReturnPath } from './return-path';

describe('return to the document after sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('accepts only same-site paths', () => {
    expect(isSafeReturnPath('/trainer-portal/documents/4')).toBe(true);
    expect(isSafeReturnPath('//evil.example/x')).toBe(false);
    expect(isSafeReturnPath('https://evil.example/x')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
  });

  it('gives the remembered path back once', () => {
    rememberReturnPath('/trainer-portal/documents/4');
    expect(takeReturnPath()).toBe('/trainer-portal/documents/4');
    expect(takeReturnPath()).toBeNull();
  });

  it('ignores a stored value that is not a same-site path', () => {
    sessionStorage.setItem('soulpunch.returnTo', 'https://evil.example/');
    expect(takeReturnPath()).toBeNull();
  });
});
