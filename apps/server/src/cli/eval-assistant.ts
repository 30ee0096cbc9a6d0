// `npm run eval:assistant`: the assistant's evaluation set, offline, on a fresh seeded knowledge base.
import { RELEVANCE } from '../modules/assistant/answer';
import {
  calibrate,
  EVALUATION_THRESHOLDS,
  evaluate,
  loadEvaluationSet,
} from '../modules/assistant/evaluation';
import { seededKnowledgeIndex } from '../modules/assistant/evaluation-index';

const set = loadEvaluationSet();
const index = await seededKnowledgeIndex();
const report = evaluate(index, set);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const paraphrases = set.answerable.filter((q) => q.paraphrase).length;
console.log(
  `Assistant evaluation (offline): ${set.answerable.length} answerable (${paraphrases} paraphrased), ${set.unanswerable.length} unanswerable questions, ${index.passageCount} passages`,
);
for (const failure of report.failures) console.log(`  - ${failure}`);

const { rows, best } = calibrate(index, set);
console.log('\nDecline threshold (confidence below it: declined, logged unanswered):');
console.log('  threshold  citing  declined  wrong  score');
for (const r of rows) {
  const mark = r.minConfidence === RELEVANCE.minConfidence ? ' <- set' : r === best ? ' <- calibrated' : '';
  console.log(
    `  ${r.minConfidence.toFixed(2).padStart(9)}  ${pct(r.citing).padStart(6)}  ${pct(r.declined).padStart(8)}  ${pct(r.wrong).padStart(5)}  ${String(r.score).padStart(11)}${mark}`,
  );
}
console.log(
  `calibrated threshold: ${best.minConfidence.toFixed(2)}; set (RELEVANCE.minConfidence): ${RELEVANCE.minConfidence}\n`,
);

console.log(
  `recall@3 of the right article: ${pct(report.recallAt3)} (at least ${pct(EVALUATION_THRESHOLDS.recallAt3)})`,
);
console.log(
  `answers citing it:             ${pct(report.citing)} (at least ${pct(EVALUATION_THRESHOLDS.citing)})`,
);
console.log(
  `unanswerable declined:         ${pct(report.declined)} (at least ${pct(EVALUATION_THRESHOLDS.declined)})`,
);
console.log(`paraphrased questions cited:   ${pct(report.paraphraseCiting)}`);
console.log(
  `wrong answers:                 ${pct(report.wrong)} (answered without the right article, of all questions)`,
);
console.log(report.passed ? 'PASS' : 'FAIL');
process.exit(report.passed ? 0 : 1);
