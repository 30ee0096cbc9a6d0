import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, filtersToSearchParams, normaliseLocation } from './directory-filters';
import { externalUrl, formatClassDate, socialUrl, truncate } from './format';

describe('directory formatting', () => {
  it('cuts a popup bio at 80 characters', () => {
    const bio = 'a'.repeat(100);
    expect(truncate(bio, 80)).toBe(`${'a'.repeat(80)}...`);
    expect(truncate('short bio', 80)).toBe('short bio');
  });

  it('opens only web addresses', () => {
    expect(externalUrl('https://pay.example/x')).toBe('https://pay.example/x');
    expect(externalUrl('www.pay.example')).toBe('https://www.pay.example');
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('  ')).toBeNull();
  });

  it('turns handles into profile links', () => {
    expect(socialUrl('instagram', '@maria')).toBe('https://www.instagram.com/maria');
    expect(socialUrl('tiktok', 'maria')).toBe('https://www.tiktok.com/@maria');
    expect(socialUrl('youtube', '@maria')).toBe('https://www.youtube.com/@maria');
    expect(socialUrl('facebook', 'facebook.com/maria')).toBe('https://facebook.com/maria');
    expect(socialUrl('website', 'maria.example')).toBe('https://maria.example');
    expect(socialUrl('website', 'not a site')).toBeNull();
    expect(socialUrl('instagram', 'bad handle!')).toBeNull();
    expect(socialUrl('facebook', null)).toBeNull();
  });

  it('formats a class day without shifting it across time zones', () => {
    expect(formatClassDate('2030-07-11')).toBe('Thu, Jul 11, 2030');
    expect(formatClassDate('next Tuesday')).toBe('next Tuesday');
  });
});

describe('directory filters in the address', () => {
  it('reads a bare city as the dropdown place it names', () => {
    expect(normaliseLocation('chicago')).toBe('Chicago, IL');
    expect(normaliseLocation('New York')).toBe('New York');
    expect(filtersFromSearchParams(new URLSearchParams('location=Tulsa&q=%20kim%20')).location).toBe(
      'Tulsa, OK',
    );
  });

  it('writes only the filters that are set, in a fixed order', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('classType=Teen+Defense&q=kim&near='));
    expect(filtersToSearchParams(filters).toString()).toBe('q=kim&classType=Teen+Defense');
  });
});
