// What `npm run lighthouse` asks of each page (scripts/lighthouse.mjs), apart so that it can be tested alone.

/** Issue 12: performance at least 95 with LCP at most 2.0 s, TBT at most 150 ms and no layout shift; 100 else. */
export const THRESHOLDS = {
  categories: { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 },
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0,
};

/**
 * Issue 24, signed-in pages (`npm run lighthouse -- --signed-in`, at 100,000 trainers): performance at least 90 and
 * accessibility 100; the paint figures are printed, not judged (they are what the performance score weighs).
 */
export const SIGNED_IN_THRESHOLDS = {
  categories: { performance: 0.9, accessibility: 1 },
};

/** What a page's result misses of the thresholds, in words; empty when it meets them all. */
export function shortfalls(lhr, thresholds = THRESHOLDS) {
  const missed = [];
  for (const [id, min] of Object.entries(thresholds.categories)) {
    const category = lhr.categories[id];
    if ((category?.score ?? 0) < min) {
      // The audits that cost the points, so the report need not be opened to know what to fix.
      const failing = (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      missed.push(`${id} ${Math.round((category?.score ?? 0) * 100)} < ${min * 100} (${failing.join(', ')})`);
    }
  }
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY;
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.POSITIVE_INFINITY;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.POSITIVE_INFINITY;
  // A figure without a threshold is not judged.
  if (thresholds.lcpMs !== undefined && lcp > thresholds.lcpMs)
    missed.push(`LCP ${Math.round(lcp)} ms > ${thresholds.lcpMs} ms`);
  if (thresholds.tbtMs !== undefined && tbt > thresholds.tbtMs)
    missed.push(`TBT ${Math.round(tbt)} ms > ${thresholds.tbtMs} ms`);
  if (thresholds.cls !== undefined && cls > thresholds.cls)
    missed.push(`CLS ${cls.toFixed(3)} > ${thresholds.cls}`);
  return missed;
}
