import { type ArticleAudience, canRead } from '@soulpunch/shared';
import MiniSearch from 'minisearch';
import { COMPOUNDS, LEMMAS, STOP_WORDS, SYNONYM_GROUPS, TRAINER_WORDS, WEAK_WORDS } from './vocabulary';

/**
 * Retrieval over passages of the published articles. A question becomes concepts (its words and trainers' phrases,
 * each with the article words that match it: synonyms of the brand, the brand's words for a trainer's word, a typo's
 * word; vocabulary.ts); MiniSearch (BM25+, field boosts, a light stemmer, stop words) finds candidate passages, and
 * the re-ranking orders them by how much of the question each covers. The best one's coverage is the confidence
 * the assistant declines below. Pure, deterministic and synchronous: the service decides when to rebuild it.
 */

export interface IndexedArticle {
  id: number;
  slug: string;
  title: string;
  body: string;
  sourceUrl: string | null;
  audience: ArticleAudience;
  /** Set when the article is written from a portal resource (its text carries the resource's link). */
  resourceId?: number | null;
}

export interface Passage {
  id: number;
  articleId: number;
  slug: string;
  title: string;
  /** The heading the passage sits under ('' before the first heading). */
  heading: string;
  text: string;
  audience: ArticleAudience;
  fromResource: boolean;
}

export interface PassageHit {
  passage: Passage;
  /** The rank after re-ranking: the passage's coverage of the question, plus a share of its BM25+ score. */
  score: number;
  /** 0..1: how much of the question (rarer words weigh more) this passage matches. */
  coverage: number;
}

export interface RetrievalResult {
  /** Passages in re-ranked order. */
  hits: PassageHit[];
  /** Articles in order of their best passage. */
  articles: Array<{ articleId: number; slug: string; score: number }>;
  /** 0..1: the coverage of the best passage; the assistant declines below RELEVANCE.minConfidence. */
  confidence: number;
}

/** One word (or trainers' phrase) of the question and the words of the articles that answer to it. */
export interface QueryConcept {
  term: string;
  /** Its rarity in the knowledge base: a match on a rare word says more than one on a common word. */
  weight: number;
  /** Article words that match it, each with how closely (1 the word itself). */
  matches: Map<string, number>;
}

/** How closely each kind of match counts, in the re-ranking and in the search's term boosts. */
const MATCH = { exact: 1, synonym: 0.85, prefix: 0.8, typo: 0.7, trainerWord: 0.75 } as const;
/** Numbers ('12', '2') say little about what is asked: half the weight of a word; WEAK_WORDS a third. */
const NUMBER_WEIGHT = 0.5;
const WEAK_WEIGHT = 1 / 3;
/**
 * Candidates the search hands to the re-ranking; what the rank adds to the coverage: the share of the question
 * the article's title or the passage's heading match (what the passage is about), and the BM25+ score against the
 * best (to break near ties).
 */
const RERANK = { candidates: 40, titleShare: 0.2, bm25Share: 0.2 } as const;

/** A deliberately small English stemmer: enough for plurals and -ing/-ed, the same at index and query time. */
export function stem(term: string): string {
  let t = term;
  if (t.length > 4 && t.endsWith('sses')) t = t.slice(0, -2);
  else if (t.length > 4 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`;
  else if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) t = t.slice(0, -1);
  if (t.length > 5 && t.endsWith('ing')) t = t.slice(0, -3);
  else if (t.length > 4 && t.endsWith('ed')) t = t.slice(0, -2);
  if (t.length > 4 && t.endsWith('e')) t = t.slice(0, -1);
  return t;
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'");

export function normalizeTerm(term: string): string | null {
  const t = fold(term).replace(/[^a-z0-9]/g, '');
  if (!t || STOP_WORDS.has(t)) return null;
  return stem(LEMMAS[t] ?? t);
}

const stems = (words: string[]) => [...new Set(words.map((w) => normalizeTerm(w) ?? stem(w)))];

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const members = stems(group);
  for (const s of members) SYNONYMS.set(s, [...new Set([...(SYNONYMS.get(s) ?? []), ...members])]);
}

/** Trainers' single words and their phrases, each with the brand's words (stemmed) they stand for. */
const TRAINER_WORD = new Map<string, string[]>();
const TRAINER_PHRASES: Array<{ pattern: RegExp; phrase: string; means: string[] }> = [];
for (const [words, means] of TRAINER_WORDS) {
  if (words.includes(' ')) {
    TRAINER_PHRASES.push({ pattern: new RegExp(`\\b${words}\\b`), phrase: words, means: stems(means) });
  } else {
    const key = normalizeTerm(words) ?? stem(words);
    TRAINER_WORD.set(key, [...new Set([...(TRAINER_WORD.get(key) ?? []), ...stems(means)])]);
  }
}

const WEAK = new Set(stems([...WEAK_WORDS]));

/** Joins compounds ('sign-in', 'e-mail'), then splits into words; the same for articles and questions. */
const tokenize = (text: string) => {
  let t = fold(text);
  for (const [pattern, word] of COMPOUNDS) t = t.replace(pattern, word);
  return t.split(/[\s\-\u2013\u2014/.,;:!?()[\]"'`*#>|&]+/u).filter(Boolean);
};

export function queryTerms(question: string): string[] {
  return [...new Set(tokenize(question).flatMap((w) => normalizeTerm(w) ?? []))];
}

/** Edit distance of at most `max` (insert, delete, replace, swap of neighbours): a trainer's typo. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return false;
    prev2 = prev;
    prev = row;
  }
  return (prev[b.length] ?? max + 1) <= max;
}

/** Splits Markdown into passages: one per paragraph (or list), each knowing its heading; tiny ones join the next. */
export function splitIntoPassages(article: IndexedArticle, firstId: number): Passage[] {
  const passages: Passage[] = [];
  let heading = '';
  let pending = '';
  const flush = (force: boolean) => {
    const text = pending.trim();
    if (!text) return;
    if (!force && text.length < 80) return;
    passages.push({
      id: firstId + passages.length,
      articleId: article.id,
      slug: article.slug,
      title: article.title,
      heading,
      text,
      audience: article.audience,
      fromResource: article.resourceId != null,
    });
    pending = '';
  };
  for (const block of article.body.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    for (const line of lines) {
      const h = line.match(/^#{1,6}\s+(.*)$/);
      if (h) {
        flush(true);
        heading = (h[1] ?? '').trim();
      } else if (line.trim()) {
        pending += `${pending && !pending.endsWith('\n') ? '\n' : ''}${line.trim()}\n`;
      }
    }
    flush(false);
  }
  flush(true);
  return passages;
}

export interface RetrievalOptions {
  /** Highest audience the reader may see. */
  audience: ArticleAudience;
  limit?: number;
  /** False while a trainer's portal resources are paused: the resources' articles carry their links. */
  withResources?: boolean;
}

export class KnowledgeIndex {
  private readonly search: MiniSearch<Passage>;
  private readonly passages = new Map<number, Passage>();
  /** Each passage's words (with its article's title and its heading), for the re-ranking. */
  private readonly passageTerms = new Map<number, Set<string>>();
  /** The words of its article's title and of its heading: what the passage is about. */
  private readonly titleTerms = new Map<number, Set<string>>();
  private readonly documentFrequency = new Map<string, number>();
  readonly articles: Map<number, IndexedArticle>;

  constructor(articles: IndexedArticle[]) {
    this.articles = new Map(articles.map((a) => [a.id, a]));
    this.search = new MiniSearch<Passage>({
      fields: ['title', 'heading', 'text'],
      storeFields: [],
      tokenize,
      processTerm: (term) => normalizeTerm(term),
      searchOptions: {
        boost: { title: 2, heading: 1.5, text: 1 },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
        combineWith: 'OR',
      },
    });
    let nextId = 1;
    const all: Passage[] = [];
    for (const article of articles) {
      const passages = splitIntoPassages(article, nextId);
      nextId += passages.length;
      all.push(...passages);
    }
    for (const p of all) {
      this.passages.set(p.id, p);
      const terms = new Set(queryTerms(`${p.title} ${p.heading} ${p.text}`));
      this.passageTerms.set(p.id, terms);
      this.titleTerms.set(p.id, new Set(queryTerms(`${p.title} ${p.heading}`)));
      for (const term of terms) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.search.addAll(all);
  }

  get passageCount() {
    return this.passages.size;
  }

  /** A word no article uses, read as the article word one typo away (the most common such word). */
  private typoOf(term: string): string | null {
    if (term.length < 6 || /\d/.test(term)) return null;
    const max = 1;
    let best: string | null = null;
    let bestDf = 0;
    for (const [word, df] of this.documentFrequency) {
      if (word.length < 4 || !withinEdits(term, word, max)) continue;
      if (df > bestDf || (df === bestDf && best !== null && word < best)) {
        best = word;
        bestDf = df;
      }
    }
    return best;
  }

  /**
   * The question as concepts: its trainers' phrases, then each remaining word, each with the article words that
   * match it (itself, its synonyms, the brand's words for a trainer's word, the word a typo meant).
   */
  concepts(question: string): QueryConcept[] {
    let text = tokenize(question).join(' ');
    const found: Array<{ term: string; matches: Map<string, number> }> = [];
    for (const { pattern, phrase, means } of TRAINER_PHRASES) {
      if (!pattern.test(text)) continue;
      text = text.split(pattern).join(' ');
      found.push({ term: phrase, matches: new Map(means.map((m) => [m, MATCH.trainerWord])) });
    }
    for (const term of queryTerms(text)) {
      const matches = new Map<string, number>([[term, MATCH.exact]]);
      const add = (word: string, factor: number) => {
        if ((matches.get(word) ?? 0) < factor) matches.set(word, factor);
      };
      for (const s of SYNONYMS.get(term) ?? []) add(s, MATCH.synonym);
      for (const s of TRAINER_WORD.get(term) ?? []) add(s, MATCH.trainerWord);
      if (matches.size === 1 && !this.documentFrequency.has(term)) {
        const typo = this.typoOf(term);
        if (typo) {
          add(typo, MATCH.typo);
          for (const s of SYNONYMS.get(typo) ?? []) add(s, MATCH.typo * MATCH.synonym);
        }
      }
      found.push({ term, matches });
    }
    const n = this.passages.size || 1;
    return found.map(({ term, matches }) => {
      // A word is as rare as the commonest article word that matches it; a word no article uses weighs most.
      const df = Math.max(0, ...[...matches.keys()].map((m) => this.documentFrequency.get(m) ?? 0));
      const rarity = Math.log(1 + n / (df + 0.5));
      const weight = rarity * (/^\d+$/.test(term) ? NUMBER_WEIGHT : WEAK.has(term) ? WEAK_WEIGHT : 1);
      return { term, weight, matches };
    });
  }

  /** 0..1: the weighted share of the concepts the passage's words match, each by its closest match. */
  private coverage(concepts: QueryConcept[], terms: Set<string> | undefined): number {
    if (!terms) return 0;
    let total = 0;
    let covered = 0;
    for (const c of concepts) {
      total += c.weight;
      let best = 0;
      for (const [word, factor] of c.matches) {
        if (factor > best && terms.has(word)) best = factor;
      }
      if (best < MATCH.prefix && c.term.length >= 5 && !c.term.includes(' ')) {
        for (const word of terms) {
          if (word.length > c.term.length && word.startsWith(c.term)) {
            best = MATCH.prefix;
            break;
          }
        }
      }
      covered += c.weight * best;
    }
    return total > 0 ? covered / total : 0;
  }

  /**
   * BM25+ over every matching word finds the candidates; the re-ranking orders them by how much of the question
   * each one covers (so a passage repeating one common word cannot outrank one that answers the whole question),
   * with a share of the BM25+ score to break near ties.
   */
  retrieve(
    question: string,
    { audience, limit = 8, withResources = true }: RetrievalOptions,
  ): RetrievalResult {
    const concepts = this.concepts(question);
    if (!concepts.length) return { hits: [], articles: [], confidence: 0 };
    const boosts = new Map<string, number>();
    for (const c of concepts) {
      for (const [word, factor] of c.matches) boosts.set(word, Math.max(boosts.get(word) ?? 0, factor));
    }
    const results = this.search.search([...boosts.keys()].join(' '), {
      processTerm: (term) => term,
      boostTerm: (term) => boosts.get(term) ?? 1,
      filter: (r) => {
        const p = this.passages.get(r.id as number);
        return !!p && canRead(audience, p.audience) && (withResources || !p.fromResource);
      },
    });
    const candidates = results.slice(0, RERANK.candidates);
    const topBm25 = candidates[0]?.score ?? 0;
    const hits: PassageHit[] = [];
    for (const r of candidates) {
      const passage = this.passages.get(r.id as number);
      if (!passage) continue;
      const coverage = this.coverage(concepts, this.passageTerms.get(passage.id));
      const about = this.coverage(concepts, this.titleTerms.get(passage.id));
      const bm25 = topBm25 ? r.score / topBm25 : 0;
      hits.push({ passage, coverage, score: coverage + RERANK.titleShare * about + RERANK.bm25Share * bm25 });
    }
    hits.sort((a, b) => b.score - a.score || a.passage.id - b.passage.id);
    const articles: RetrievalResult['articles'] = [];
    for (const hit of hits) {
      if (!articles.some((a) => a.articleId === hit.passage.articleId)) {
        articles.push({ articleId: hit.passage.articleId, slug: hit.passage.slug, score: hit.score });
      }
    }
    return { hits: hits.slice(0, limit), articles, confidence: hits[0]?.coverage ?? 0 };
  }
}
