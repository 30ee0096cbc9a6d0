import { assistantMessages, type ChatSource } from '@soulpunch/shared';
import type { IndexedArticle, Passage, RetrievalResult } from './retrieval';

/**
 * When the retrieved passages are good enough to answer from, and the answer built from them without a model.
 * The thresholds were tuned on the evaluation set (evaluation.json, `npm run eval:assistant`).
 */
export const RELEVANCE = {
  /**
   * The confidence (the best passage's weighted coverage of the question, retrieval.ts) below which the assistant
   * declines and the question goes to the admins' Unanswered list. Calibrated on the evaluation set: the sweep in
   * `npm run eval:assistant` shows the answerable and unanswerable questions on either side of it.
   */
  minConfidence: 0.5,
  /** Further passages are quoted when their rank is at least this share of the best one. */
  companionShare: 0.85,
  maxPassages: 3,
} as const;

export const isRelevant = (r: RetrievalResult) =>
  r.hits.length > 0 && r.confidence >= RELEVANCE.minConfidence;

/** The passages an answer rests on: the best one, and close seconds from up to three articles. */
export function choosePassages(r: RetrievalResult): Passage[] {
  const [best, ...rest] = r.hits;
  if (!best) return [];
  const chosen = [best.passage];
  for (const hit of rest) {
    if (chosen.length >= RELEVANCE.maxPassages) break;
    if (hit.score < best.score * RELEVANCE.companionShare) break;
    chosen.push(hit.passage);
  }
  return chosen;
}

const FALLBACK_PAGE = '/support';

export function sourcesOf(passages: Passage[], articles: Map<number, IndexedArticle>): ChatSource[] {
  const sources: ChatSource[] = [];
  for (const p of passages) {
    if (sources.some((s) => s.articleId === p.articleId)) continue;
    const article = articles.get(p.articleId);
    sources.push({ articleId: p.articleId, title: p.title, url: article?.sourceUrl || FALLBACK_PAGE });
  }
  return sources;
}

/** Questions about using force or the law get the curriculum's guidance and a pointer, never improvised advice. */
const SENSITIVE =
  /\b(force|lawful|unlawful|legal(ly)?|laws?|sued?|suing|lawsuits?|attorneys?|lawyers?|liable|arrest(ed)?|police|weapons?|guns?|knife|knives|kill(ed|ing)?|injur(e|ed|y|ies)|hurts?|hurting)\b/i;
export const isSensitive = (question: string) => SENSITIVE.test(question);

/** The offline answer: the passages quoted as they are, each with the article it comes from. */
export function offlineAnswer(question: string, passages: Passage[], sources: ChatSource[]): string {
  const parts = ['Here is what the Soul Punch material says:'];
  for (const p of passages) {
    const n = sources.findIndex((s) => s.articleId === p.articleId) + 1;
    const quoted = p.text
      .trim()
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    parts.push(
      `${quoted}\n\n(${p.title}${p.heading && p.heading !== p.title ? `: ${p.heading}` : ''} [${n}])`,
    );
  }
  if (isSensitive(question)) parts.push(assistantMessages.legalPointer);
  return parts.join('\n\n');
}

export const declinedAnswer = () => assistantMessages.notFound;
