import { type ArticleAudience, canRead } from '@soulpunch/shared';
import MiniSearch from 'minisearch';

/**
 * Retrieval over passages of the published articles: MiniSearch (BM25+) with field boosts, a light stemmer, stop
 * words, and synonyms for the brand's words. Pure and synchronous: the service decides when to rebuild it.
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
  score: number;
}

export interface RetrievalResult {
  hits: PassageHit[];
  /** Articles in order of their best passage. */
  articles: Array<{ articleId: number; slug: string; score: number }>;
  /** 0..1: how much of the question (weighted by rarity) the best-matching of the top passages matches. */
  coverage: number;
  topScore: number;
}

const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by
  can could did do does doing done down during each few for from further get gets getting got had has have having he
  her here hers him his how i if in into is it its itself just let me might more most much must my myself no nor not
  now of off on once only or other our ours out over own please same she should so some such than that the their
  theirs them then there these they this those through to too under until up us very want wanted was we were what
  when where which while who whom why will with would you your yours yourself tell know need like okay ok hi hello
  thanks thank anyone someone something soul punch one way really still next`.split(/\s+/),
);

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

export function normalizeTerm(term: string): string | null {
  const t = term
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
  if (!t || STOP_WORDS.has(t)) return null;
  return stem(t);
}

/** Words trainers use for the same thing; each group expands a query to all of its members. */
const SYNONYM_GROUPS: string[][] = [
  ['flex', 'instalment', 'installment', 'monthly', 'month'],
  ['ein', 'tax', 'employer', 'identification', 'irs'],
  ['waiver', 'liability', 'release'],
  ['calendar', 'class', 'schedule', 'session'],
  ['renewal', 'renew', 'recertification', 'recertify', 'recertified', 'expire', 'expiry'],
  ['refund', 'chargeback', 'dispute', 'cancel'],
  ['login', 'log', 'signin', 'sign', 'magic', 'link'],
  ['insurance', 'insured', 'insure', 'coverage'],
  ['payment', 'pay', 'paying', 'charge', 'card', 'price', 'cost', 'fee'],
  ['zoom', 'live', 'weekly', 'thursday'],
  ['affiliate', 'commission', 'referral'],
  ['document', 'agreement', 'nda', 'paperwork', 'contract'],
  ['support', 'help', 'contact', 'email'],
  ['profile', 'bio', 'picture', 'photo'],
  ['directory', 'listed', 'listing', 'map'],
  ['force', 'lawful', 'legal', 'law', 'attorney', 'lawyer', 'attacker', 'attack', 'hurt', 'injure'],
  ['stripe', 'paypal', 'pillar'],
  ['certification', 'certified', 'certificate', 'program', 'course'],
];

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const stems = [...new Set(group.map((w) => stem(w)))];
  for (const s of stems) SYNONYMS.set(s, [...new Set([...(SYNONYMS.get(s) ?? []), ...stems])]);
}

export const expandTerm = (term: string): string[] => SYNONYMS.get(term) ?? [term];

const tokenize = (text: string) => text.split(/[\s\-–—/.,;:!?()[\]"'`*#>|]+/u).filter(Boolean);

export function queryTerms(question: string): string[] {
  return [...new Set(tokenize(question).flatMap((w) => normalizeTerm(w) ?? []))];
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
        processTerm: (term) => {
          const t = normalizeTerm(term);
          return t ? expandTerm(t) : null;
        },
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
      for (const term of new Set(queryTerms(`${p.title} ${p.heading} ${p.text}`))) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.search.addAll(all);
  }

  get passageCount() {
    return this.passages.size;
  }

  private idf(term: string): number {
    const n = this.passages.size || 1;
    const df = Math.max(0, ...expandTerm(term).map((t) => this.documentFrequency.get(t) ?? 0));
    return Math.log(1 + n / (df + 0.5));
  }

  retrieve(
    question: string,
    { audience, limit = 8, withResources = true }: RetrievalOptions,
  ): RetrievalResult {
    const terms = queryTerms(question);
    if (!terms.length) return { hits: [], articles: [], coverage: 0, topScore: 0 };
    const results = this.search.search(terms.join(' '), {
      filter: (r) => {
        const p = this.passages.get(r.id as number);
        return !!p && canRead(audience, p.audience) && (withResources || !p.fromResource);
      },
    });
    const hits: PassageHit[] = [];
    for (const r of results) {
      const passage = this.passages.get(r.id as number);
      if (passage) hits.push({ passage, score: r.score });
    }
    const articles: RetrievalResult['articles'] = [];
    for (const hit of hits) {
      if (!articles.some((a) => a.articleId === hit.passage.articleId)) {
        articles.push({ articleId: hit.passage.articleId, slug: hit.passage.slug, score: hit.score });
      }
    }
    // How much of the question (rarer words weigh more) a passage matches, itself or by a synonym or prefix; the
    // best of the top passages counts, so a question whose distinctive words nothing matches is declined.
    const total = terms.reduce((sum, t) => sum + this.idf(t), 0);
    const coverageOf = (matchedTerms: string[]) => {
      const matched = new Set(matchedTerms);
      const covered = terms
        .filter((t) => expandTerm(t).some((e) => matched.has(e)))
        .reduce((sum, t) => sum + this.idf(t), 0);
      return total > 0 ? covered / total : 0;
    };
    const coverage = Math.max(0, ...results.slice(0, 5).map((r) => coverageOf(r.queryTerms)));
    const best = results[0];
    return { hits: hits.slice(0, limit), articles, coverage, topScore: best?.score ?? 0 };
  }
}
