import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ArticleAudience } from '@soulpunch/shared';
import { choosePassages, RELEVANCE, sourcesOf } from './answer';
import type { KnowledgeIndex } from './retrieval';

/** The evaluation set (evaluation.json) and its three figures; run by `npm run eval:assistant` and by a test. */
export interface EvaluationSet {
  /**
   * `also`: other articles that answer it just as well (the same fact stated in both); `paraphrase`: worded as
   * trainers talk, unlike the article's title (reported on its own too).
   */
  answerable: Array<{ question: string; slug: string; also?: string[]; paraphrase?: boolean }>;
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
  /** Share of all questions answered without citing the right article (every answered unanswerable one too). */
  wrong: number;
  /** Citing among the paraphrased questions alone. */
  paraphraseCiting: number;
  passed: boolean;
  failures: string[];
}

interface Outcome {
  question: string;
  /** The article it must cite (or one as good); empty for a question the knowledge base cannot answer. */
  right: string[];
  paraphrase: boolean;
  confidence: number;
  top3: string[];
  /** The articles the answer would cite if the assistant answers (it does at or above the threshold). */
  cites: string[];
}

/** Offline mode, as a trainer asks (trainer audience): what retrieval finds for each question, without the database. */
function outcomes(index: KnowledgeIndex, set: EvaluationSet, audience: ArticleAudience): Outcome[] {
  const slugOf = (id: number) => index.articles.get(id)?.slug ?? '';
  const one = (question: string, right: string[], paraphrase: boolean): Outcome => {
    const result = index.retrieve(question, { audience });
    const cites = result.hits.length
      ? sourcesOf(choosePassages(result), index.articles).map((s) => slugOf(s.articleId))
      : [];
    const top3 = result.articles.slice(0, 3).map((a) => a.slug);
    return { question, right, paraphrase, confidence: result.confidence, top3, cites };
  };
  return [
    ...set.answerable.map((q) => one(q.question, [q.slug, ...(q.also ?? [])], !!q.paraphrase)),
    ...set.unanswerable.map((q) => one(q, [], false)),
  ];
}

/** The figures at one decline threshold. */
function figures(all: Outcome[], minConfidence: number) {
  const answerable = all.filter((o) => o.right.length);
  const unanswerable = all.filter((o) => !o.right.length);
  const paraphrases = answerable.filter((o) => o.paraphrase);
  const answers = (o: Outcome) => o.cites.length > 0 && o.confidence >= minConfidence;
  const cited = (o: Outcome) => answers(o) && o.cites.some((slug) => o.right.includes(slug));
  const wrong = all.filter((o) => answers(o) && !cited(o)).length;
  return {
    citedCount: answerable.filter(cited).length,
    declinedCount: unanswerable.filter((o) => !answers(o)).length,
    wrongCount: wrong,
    citing: answerable.filter(cited).length / answerable.length,
    declinedShare: unanswerable.filter((o) => !answers(o)).length / unanswerable.length,
    wrongShare: wrong / all.length,
    paraphraseCiting: paraphrases.length ? paraphrases.filter(cited).length / paraphrases.length : 1,
    answers,
    cited,
  };
}

export function evaluate(
  index: KnowledgeIndex,
  set: EvaluationSet,
  audience: ArticleAudience = 'trainer',
  minConfidence: number = RELEVANCE.minConfidence,
): EvaluationReport {
  const all = outcomes(index, set, audience);
  const f = figures(all, minConfidence);
  const failures: string[] = [];
  for (const o of all) {
    if (o.right.length && !f.cited(o)) {
      failures.push(
        `${f.answers(o) ? 'WRONG' : 'declined'}: "${o.question}" wants ${o.right.join(' or ')}; ${f.answers(o) ? `cites ${o.cites.join(', ')}; ` : ''}top 3 ${o.top3.join(', ') || '(none)'}; confidence ${o.confidence.toFixed(2)}`,
      );
    } else if (!o.right.length && f.answers(o)) {
      failures.push(
        `WRONG (answered): "${o.question}" with ${o.cites.join(', ')}; confidence ${o.confidence.toFixed(2)}`,
      );
    }
  }
  const answerable = all.filter((o) => o.right.length);
  const report: EvaluationReport = {
    recallAt3:
      answerable.filter((o) => o.top3.some((slug) => o.right.includes(slug))).length / answerable.length,
    citing: f.citing,
    declined: f.declinedShare,
    wrong: f.wrongShare,
    paraphraseCiting: f.paraphraseCiting,
    passed: false,
    failures,
  };
  report.passed =
    report.recallAt3 >= EVALUATION_THRESHOLDS.recallAt3 &&
    report.citing >= EVALUATION_THRESHOLDS.citing &&
    report.declined >= EVALUATION_THRESHOLDS.declined;
  return report;
}

export interface CalibrationRow {
  minConfidence: number;
  citing: number;
  declined: number;
  wrong: number;
  /** Answerable questions citing the right article plus unanswerable ones declined, less the wrong answers. */
  score: number;
}

/**
 * The decline threshold swept over 0.30..0.80. Each question right (the right article cited, or an unanswerable one
 * declined) counts +1, each wrong answer -1, an answerable one declined 0: a decline reaches the admins' Unanswered
 * list, a wrong answer reaches no one. The calibrated threshold scores most; between equals, the higher one.
 */
export function calibrate(index: KnowledgeIndex, set: EvaluationSet, audience: ArticleAudience = 'trainer') {
  const all = outcomes(index, set, audience);
  const rows: CalibrationRow[] = [];
  for (let step = 30; step <= 80; step += 5) {
    const f = figures(all, step / 100);
    rows.push({
      minConfidence: step / 100,
      citing: f.citing,
      declined: f.declinedShare,
      wrong: f.wrongShare,
      score: f.citedCount + f.declinedCount - f.wrongCount,
    });
  }
  const most = Math.max(...rows.map((r) => r.score));
  const best = rows.filter((r) => r.score === most).at(-1) as CalibrationRow;
  return { rows, best };
}
