// The arithmetic of the progress views (progress.ts, profile-completion.ts); not part of the package's API.

/** The progress views' vocabulary: a text counts when it holds more than spaces; a section is a share of checks. */
export const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';
export const share = (checks: readonly boolean[]) => checks.filter(Boolean).length / checks.length;
const percent = (fraction: number) => Math.round(fraction * 100);

/** Each section's share as a whole percent, with `overall` the average of the exact shares. */
export function asPercents<K extends string>(sections: Record<K, number>): Record<K | 'overall', number> {
  const values: number[] = Object.values(sections);
  const overall = values.reduce((sum, v) => sum + v, 0) / values.length;
  const entries = Object.entries(sections).map(([key, value]) => [key, percent(value as number)]);
  return { ...Object.fromEntries(entries), overall: percent(overall) } as Record<K | 'overall', number>;
}
