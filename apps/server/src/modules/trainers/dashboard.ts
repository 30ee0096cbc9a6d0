import {
  type DashboardStats,
  DOCUMENT_TYPES,
  type DocumentSummary,
  PROGRESS_BANDS,
  type ProgressBand,
  type TrainerAwaitingDocuments,
} from '@soulpunch/shared';

/** The onboarding stage the dashboard's 'Documents Pending' count and its list of trainers both stand for. */
export const AWAITING_DOCUMENTS = 'documents_pending' as const;
/** How many of those trainers the dashboard names (by name); the count and the filtered list give the rest. */
export const AWAITING_NAMED = 10;

/** Trainers sharing their onboarding stage, payment standing and progress band: the dashboard's one read. */
export interface TrainerGroup {
  onboardingStatus: string;
  paymentStatus: string;
  band: ProgressBand;
  n: number;
}

/** How many trainers have each value (only the values that occur). */
function countBy(groups: readonly TrainerGroup[], read: (group: TrainerGroup) => string) {
  const counts: Record<string, number> = {};
  for (const group of groups) counts[read(group)] = (counts[read(group)] ?? 0) + group.n;
  return counts;
}

/** Each trainer's latest document of each required type, in the required order. */
function latestDocumentsByTrainer(documents: readonly DocumentSummary[]): Map<number, DocumentSummary[]> {
  const latest = new Map<number, Map<string, DocumentSummary>>();
  for (const document of documents) {
    const ofTrainer = latest.get(document.trainerId) ?? new Map<string, DocumentSummary>();
    const current = ofTrainer.get(document.type);
    if (!current || document.id > current.id) ofTrainer.set(document.type, document);
    latest.set(document.trainerId, ofTrainer);
  }
  return new Map(
    [...latest].map(([trainerId, ofTrainer]) => [
      trainerId,
      DOCUMENT_TYPES.flatMap((type) => ofTrainer.get(type) ?? []),
    ]),
  );
}

/**
 * The admin dashboard's figures. Every count comes from the same grouped read of the trainers, so the
 * 'Documents Pending' count is the total the card states (it once read 14 beside 'No pending documents', the two
 * being computed from different tables); the card names the first AWAITING_NAMED of them with their documents.
 * `awaitingIds` are the trainers of open documents who are in that stage, so the card can say how many open
 * documents belong to trainers at other stages.
 */
export function dashboardFigures(input: {
  groups: readonly TrainerGroup[];
  awaiting: readonly { id: number; name: string }[];
  documents: readonly DocumentSummary[];
  awaitingIds: ReadonlySet<number>;
}): DashboardStats {
  const { groups, awaiting, documents, awaitingIds } = input;
  const byBand: Record<string, number> = Object.fromEntries(PROGRESS_BANDS.map((band) => [band, 0]));
  for (const group of groups) byBand[group.band] = (byBand[group.band] ?? 0) + group.n;
  const byOnboardingStatus = countBy(groups, (group) => group.onboardingStatus);
  const latest = latestDocumentsByTrainer(documents);
  const awaitingDocuments: TrainerAwaitingDocuments[] = awaiting.map((trainer) => ({
    trainerId: trainer.id,
    trainerName: trainer.name,
    documents: (latest.get(trainer.id) ?? []).map(({ id, type, title, status }) => ({
      id,
      type,
      title,
      status,
    })),
  }));
  const pendingDocuments = documents.filter((d) => d.status === 'pending' || d.status === 'sent');
  return {
    trainerCount: groups.reduce((sum, group) => sum + group.n, 0),
    byOnboardingStatus,
    byPaymentStatus: countBy(groups, (group) => group.paymentStatus),
    byBand,
    pendingDocuments,
    awaitingDocuments,
    awaitingDocumentsTotal: byOnboardingStatus[AWAITING_DOCUMENTS] ?? 0,
    pendingDocumentsElsewhere: pendingDocuments.filter((d) => !awaitingIds.has(d.trainerId)).length,
  };
}
