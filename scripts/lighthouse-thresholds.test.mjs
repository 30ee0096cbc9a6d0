import { describe, expect, it } from 'vitest';
import { SIGNED_IN_THRESHOLDS, shortfalls } from './lighthouse-thresholds.mjs';

/** A Lighthouse result with these category scores and figures (ms for LCP and TBT). */
function result({ performance = 1, accessibility = 1, lcp = 1200, tbt = 40, cls = 0, failingAudit = null }) {
  const refs = [
    { id: 'color-contrast', weight: 7 },
    { id: 'image-alt', weight: 10 },
  ];
  return {
    categories: {
      performance: { score: performance, auditRefs: [] },
      accessibility: { score: accessibility, auditRefs: refs },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: 1, auditRefs: [] },
    },
    audits: {
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: cls },
      'color-contrast': { score: failingAudit === 'color-contrast' ? 0 : 1 },
      'image-alt': { score: 1 },
    },
  };
}

describe('Lighthouse thresholds', () => {
  it('passes a page that meets every target', () => {
    expect(shortfalls(result({ performance: 0.95 }))).toEqual([]);
  });

  it('names each missed target and the audits that cost a category its points', () => {
    expect(
      shortfalls(
        result({
          performance: 0.9,
          accessibility: 0.96,
          lcp: 2400,
          tbt: 151,
          cls: 0.02,
          failingAudit: 'color-contrast',
        }),
      ),
    ).toEqual([
      'performance 90 < 95 ()',
      'accessibility 96 < 100 (color-contrast)',
      'LCP 2400 ms > 2000 ms',
      'TBT 151 ms > 150 ms',
      'CLS 0.020 > 0',
    ]);
  });

  it('treats a missing figure as missed, never as met', () => {
    const lhr = result({});
    delete lhr.audits['largest-contentful-paint'];
    expect(shortfalls(lhr)).toEqual(['LCP Infinity ms > 2000 ms']);
  });

  it('asks a signed-in page for performance 90 and accessibility 100, not judging its paint figures', () => {
    const slow = result({ performance: 0.9, lcp: 3100, tbt: 400, cls: 0.05 });
    expect(shortfalls(slow, SIGNED_IN_THRESHOLDS)).toEqual([]);
    expect(shortfalls(result({ performance: 0.89, accessibility: 0.98 }), SIGNED_IN_THRESHOLDS)).toEqual([
      'performance 89 < 90 ()',
      'accessibility 98 < 100 ()',
    ]);
    // Best practices and SEO are not asked of a page behind a sign-in.
    const lhr = result({});
    lhr.categories.seo.score = 0.5;
    expect(shortfalls(lhr, SIGNED_IN_THRESHOLDS)).toEqual([]);
  });
});
