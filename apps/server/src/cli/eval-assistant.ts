// `npm run eval:assistant`: the assistant's evaluation set, offline, on a fresh seeded knowledge base.
import { EVALUATION_THRESHOLDS, evaluate, loadEvaluationSet } from '../modules/assistant/evaluation';
import { seededKnowledgeIndex } from '../modules/assistant/evaluation-index';

const set = loadEvaluationSet();
const index = await seededKnowledgeIndex();
const report = evaluate(index, set);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `Assistant evaluation (offline): ${set.answerable.length} answerable, ${set.unanswerable.length} unanswerable questions, ${index.passageCount} passages`,
);
for (const failure of report.failures) console.log(`  - ${failure}`);
console.log(
  `recall@3 of the right article: ${pct(report.recallAt3)} (at least ${pct(EVALUATION_THRESHOLDS.recallAt3)})`,
);
console.log(
  `answers citing it:             ${pct(report.citing)} (at least ${pct(EVALUATION_THRESHOLDS.citing)})`,
);
console.log(
  `unanswerable declined:         ${pct(report.declined)} (at least ${pct(EVALUATION_THRESHOLDS.declined)})`,
);
console.log(report.passed ? 'PASS' : 'FAIL');
process.exit(report.passed ? 0 : 1);
