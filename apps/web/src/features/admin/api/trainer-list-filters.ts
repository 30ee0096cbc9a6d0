import {
  ONBOARDING_STATUSES,
  type OnboardingStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PROGRESS_BANDS,
  type ProgressBand,
} from '@soulpunch/shared';

export const TRAINERS_PER_PAGE = 50;

/** What narrows the trainer list; the same values live in the page's URL search params. */
export interface TrainerListFilters {
  q?: string;
  paymentStatus?: PaymentStatus;
  onboardingStatus?: OnboardingStatus;
  band?: ProgressBand;
}

export interface TrainerPageRequest extends TrainerListFilters {
  /** 1-based. */
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** Reads the filters from URL search params; unknown values are dropped rather than sent to be refused. */
export function filtersFromSearchParams(params: URLSearchParams): TrainerListFilters {
  const filters: TrainerListFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q;
  const paymentStatus = oneOf(PAYMENT_STATUSES, params.get('paymentStatus'));
  if (paymentStatus) filters.paymentStatus = paymentStatus;
  const onboardingStatus = oneOf(ONBOARDING_STATUSES, params.get('onboardingStatus'));
  if (onboardingStatus) filters.onboardingStatus = onboardingStatus;
  const band = oneOf(PROGRESS_BANDS, params.get('band'));
  if (band) filters.band = band;
  return filters;
}

/** A query string in a fixed order, so the same filters always make the same address. */
export function filtersQueryString(filters: TrainerListFilters, extra: Record<string, string | number> = {}) {
  const entries: Array<[string, string]> = [];
  for (const key of ['q', 'paymentStatus', 'onboardingStatus', 'band'] as const) {
    const value = filters[key];
    if (value) entries.push([key, value]);
  }
  for (const [key, value] of Object.entries(extra)) entries.push([key, String(value)]);
  return entries.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

export function hasActiveFilters(filters: TrainerListFilters): boolean {
  return Boolean(filters.q || filters.paymentStatus || filters.onboardingStatus || filters.band);
}
