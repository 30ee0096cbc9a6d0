import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ArticleAudience } from '@soulpunch/shared';
import { choosePassages, isRelevant, sourcesOf } from './answer';
import type { KnowledgeIndex } from './retrieval';

/** The evaluation set (evaluation.json) and its three figures; run by `npm run eval:assistant` and by a test. */
export interface EvaluationSet {
  answerable: Array<{ question: string; slug: string }>;
  unanswerable: string[];
}

export const EVALUATION_THRESHOLDS = { recallAt3: 0.9, citing: 0.8, declined: 0.8 } as const;

export function loadEvaluationSet(): EvaluationSet {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, 'evaluation.json'), 'utf8'));
}

export interface EvaluationReport {
  recallAt3: number;
  citing: number;
  declined: number;
  passed: boolean;
  failures: string[];
}

/** Offline mode, as a trainer asks (trainer audience): the answers the route would give, without the database. */
export function evaluate(index: KnowledgeIndex, set: EvaluationSet, audience: ArticleAudience = 'trainer') {
  const failures: string[] = [];
  let inTop3 = 0;
  let cited = 0;
  for (const { question, slug } of set.answerable) {
    const result = index.retrieve(question, { audience });
    const top3 = result.articles.slice(0, 3).map((a) => a.slug);
    if (top3.includes(slug)) inTop3++;
    const slugOf = (id: number) => index.articles.get(id)?.slug;
    const sources = isRelevant(result) ? sourcesOf(choosePassages(result), index.articles) : [];
    if (sources.some((s) => slugOf(s.articleId) === slug)) cited++;
    else
      failures.push(
        `not cited: "${question}" wants ${slug}; top 3 ${top3.join(', ') || '(none)'}; coverage ${result.coverage.toFixed(2)}, score ${result.topScore.toFixed(1)}`,
      );
  }
  let declined = 0;
  for (const question of set.unanswerable) {
    const result = index.retrieve(question, { audience });
    if (!isRelevant(result)) declined++;
    else
      failures.push(
        `answered: "${question}" with ${result.articles[0]?.slug}; coverage ${result.coverage.toFixed(2)}, score ${result.topScore.toFixed(1)}`,
      );
  }
  const report: EvaluationReport = {
    recallAt3: inTop3 / set.answerable.length,
    citing: cited / set.answerable.length,
    declined: declined / set.unanswerable.length,
    passed: false,
    failures,
  };
  report.passed =
    report.recallAt3 >= EVALUATION_THRESHOLDS.recallAt3 &&
    report.citing >= EVALUATION_THRESHOLDS.citing &&
    report.declined >= EVALUATION_THRESHOLDS.declined;
  return report;
}
