import { beforeAll, describe, expect, it } from 'vitest';
import { EVALUATION_THRESHOLDS, evaluate, loadEvaluationSet } from './evaluation';
import { seededKnowledgeIndex } from './evaluation-index';
import type { KnowledgeIndex } from './retrieval';

describe('assistant evaluation set (offline mode, the seeded knowledge base)', () => {
  const set = loadEvaluationSet();
  let index: KnowledgeIndex;
  beforeAll(async () => {
    index = await seededKnowledgeIndex();
  });

  it('has at least 40 answerable questions, each naming a seeded article, and 10 unanswerable ones', async () => {
    expect(set.answerable.length).toBeGreaterThanOrEqual(40);
    expect(set.unanswerable.length).toBeGreaterThanOrEqual(10);
    const slugs = new Set([...index.articles.values()].map((a) => a.slug));
    for (const { slug } of set.answerable) expect(slugs.has(slug), slug).toBe(true);
  });

  it(`reaches recall@3 ${EVALUATION_THRESHOLDS.recallAt3}, citing ${EVALUATION_THRESHOLDS.citing}, declining ${EVALUATION_THRESHOLDS.declined}`, async () => {
    const report = evaluate(index, set);
    expect(report.recallAt3, report.failures.join('\n')).toBeGreaterThanOrEqual(
      EVALUATION_THRESHOLDS.recallAt3,
    );
    expect(report.citing, report.failures.join('\n')).toBeGreaterThanOrEqual(EVALUATION_THRESHOLDS.citing);
    expect(report.declined, report.failures.join('\n')).toBeGreaterThanOrEqual(
      EVALUATION_THRESHOLDS.declined,
    );
  });
});
