import {
  computeTrainingEngagement,
  type ProgressBand,
  type ProgressInput,
  progressBand,
} from '@soulpunch/shared';
import { type ADMIN_PROFILE_COLUMNS, FACT_KEY_PARTS, type TrainerRow } from './repository';

/** The columns of a list row that progress reads. */
export type FactRow = Pick<
  TrainerRow,
  | (typeof ADMIN_PROFILE_COLUMNS)[number]
  | 'accessPausedAt'
  | 'name'
  | 'email'
  | 'phone'
  | 'city'
  | 'state'
  | 'paymentStatus'
>;

/** What a flag's letter in the progress key stands for (n: the trainer has no profile row yet). */
const FLAG_VALUES: Record<string, boolean | null> = { t: true, f: false, n: null };

/**
 * The stored facts a progress key stands for (repository's factKey), in the shape of a list row: a filled text as
 * 'x', an empty one as null. Enough for every progress view, which reads texts only as filled or not.
 */
export function factsOfKey(key: string): FactRow {
  const parts = key.split(',');
  const { filled, flags } = FACT_KEY_PARTS;
  const texts = Object.fromEntries(filled.map((column, i) => [column, parts[i] === '1' ? 'x' : null]));
  const trainingDate = parts[filled.length] === '1' ? 'x' : null;
  const flagValues = Object.fromEntries(
    flags.map((column, i) => [column, FLAG_VALUES[parts[filled.length + 1 + i] ?? 'n'] ?? null]),
  );
  const accessPausedAt = parts[filled.length + 1 + flags.length] === '1' ? new Date(0) : null;
  const paymentStatus = parts[filled.length + 2 + flags.length] ?? '';
  return { ...texts, ...flagValues, trainingDate, accessPausedAt, paymentStatus } as FactRow;
}

/** The band of each progress key, through the same derivation every view uses. */
export function bandsOfKeys(
  keys: Iterable<string>,
  progressFactsOf: (facts: FactRow) => ProgressInput,
): Map<string, ProgressBand> {
  const bands = new Map<string, ProgressBand>();
  for (const key of keys) {
    if (bands.has(key)) continue;
    bands.set(key, progressBand(computeTrainingEngagement(progressFactsOf(factsOfKey(key))).overall));
  }
  return bands;
}
