import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  builtTexts,
  changePlanPrices,
  findPrices,
  NEW_PRICES,
  PLANS_FILE,
  pricePattern,
} from './price-change-check.mjs';

const plans = readFileSync(path.join(import.meta.dirname, '..', PLANS_FILE), 'utf8');

describe('the price change check', () => {
  it('changes the three plan prices and the renewal fee in the real plans source and reads the old ones', () => {
    const { source, old, count } = changePlanPrices(plans);
    expect(count).toBe(6);
    expect(old).toEqual({ full: 199_700, list: 299_700, flex: 49_900, renewal: 24_900, flexTotal: 299_400 });
    expect(source).toContain(`amountCents: ${NEW_PRICES.full}`);
    expect(source).toContain(`listPriceCents: ${NEW_PRICES.list}`);
    expect(source).toContain(`amountCents: ${NEW_PRICES.flex}`);
    expect(source).toContain(`amountCents: ${NEW_PRICES.renewal}`);
    expect(source).not.toMatch(/199_700|49_900|299_700|24_900/);
  });

  it('refuses a plans source it cannot read, instead of checking nothing', () => {
    expect(() => changePlanPrices('export const PLANS = {};')).toThrow(/no full price found/);
  });

  it('finds a price in the forms texts and bundles write it, and not in other numbers', () => {
    const pattern = pricePattern({ full: 199_700, flex: 49_900 });
    const text =
      'Pay $1,997 or 1,997 USD or $1997; const a=199700,b=199_700; $499/month; $499.00 ' +
      'but not $4,990, $21,997, 11,997, 1997-01-01, 4990, $4999, 1199700 or 499';
    expect(findPrices([{ name: 'page', text }], pattern).map((h) => h.match)).toEqual([
      '$1,997',
      '1,997',
      '$1997',
      '199700',
      '199_700',
      '$499',
      '$499',
    ]);
  });

  it('says where a planted literal is, with its context', () => {
    const hits = findPrices(
      [{ name: 'assets/index.js', text: `${'x'.repeat(100)}label:"Pay in Full: $1,997"` }],
      pricePattern({ full: 199_700 }),
    );
    expect(hits).toEqual([
      expect.objectContaining({
        name: 'assets/index.js',
        match: '$1,997',
        context: expect.stringContaining('Pay in Full'),
      }),
    ]);
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'price-built-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('reads the built text files and leaves source maps out, and fails on a missing build', () => {
    mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<p>$1,997</p>');
    writeFileSync(path.join(dir, 'dist', 'assets', 'a.js'), 'x=1');
    writeFileSync(path.join(dir, 'dist', 'assets', 'a.js.map'), '{"sourcesContent":["// $1,997"]}');
    expect(
      builtTexts([path.join(dir, 'dist')])
        .map((t) => t.name)
        .sort(),
    ).toEqual(['dist/assets/a.js', 'dist/index.html']);
    expect(() => builtTexts([path.join(dir, 'missing')])).toThrow(/missing/);
  });
});
