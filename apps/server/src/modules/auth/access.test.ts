import { describe, expect, it } from 'vitest';
import { isCanonicalPath, originFormUrl } from './access';

describe('isCanonicalPath', () => {
  it.each([
    '/',
    '/api/trainers',
    '/api/trainers/12/documents',
    '/find-trainer',
    '/assets/index-Ab12_x.js',
    '/api/pictures/3-a1b2c3.webp',
    '/public/trainer/Jos%C3%A9',
    '/api/search/a%20b',
  ])('accepts %s', (path) => {
    expect(isCanonicalPath(path)).toBe(true);
  });

  it.each([
    ['/%61pi/trainers', 'an encoded letter'],
    ['/a%70i/trainers', 'an encoded letter in the middle'],
    ['/api/trainers/%31', 'an encoded digit'],
    ['/api/%7Etrainers', 'an encoded tilde'],
    ['/api/./trainers', 'a dot segment'],
    ['/api/x/../trainers', 'a parent segment'],
    ['/api/trainers/..', 'a final parent segment'],
    ['/api/%2e%2e/admin', 'an encoded parent segment'],
    ['/api/.%2E/admin', 'a half-encoded parent segment'],
    ['//api/trainers', 'a doubled slash'],
    ['/api//trainers', 'a doubled slash inside'],
    ['/api%2ftrainers', 'an encoded slash'],
    ['/api\\trainers', 'a backslash'],
    ['/api%5Ctrainers', 'an encoded backslash'],
    ['api/trainers', 'no leading slash'],
  ])('refuses %s (%s)', (path) => {
    expect(isCanonicalPath(path)).toBe(false);
  });

  it('keeps dots that are not segments of their own', () => {
    expect(isCanonicalPath('/robots.txt')).toBe(true);
    expect(isCanonicalPath('/api/.well-known')).toBe(true);
    expect(isCanonicalPath('/api/x..y')).toBe(true);
  });
});

describe('originFormUrl', () => {
  it('reads an absolute-form target as its path and query', () => {
    expect(originFormUrl('http://evil.example/api/trainers?x=1')).toBe('/api/trainers?x=1');
    expect(originFormUrl('HTTPS://host:8443/api/health')).toBe('/api/health');
    expect(originFormUrl('http://host')).toBe('/');
    expect(originFormUrl('http://host?x')).toBe('/?x');
  });

  it('leaves an origin-form target alone', () => {
    expect(originFormUrl('/api/trainers?next=http://x/y')).toBe('/api/trainers?next=http://x/y');
    expect(originFormUrl('*')).toBe('*');
  });
});
