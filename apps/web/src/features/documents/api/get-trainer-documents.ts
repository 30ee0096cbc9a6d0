import type { DocumentSummary } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** The trainer's latest document per type, required ones first. */
export function getTrainerDocuments(trainerId: number, signal?: AbortSignal): Promise<DocumentSummary[]> {
  return api<DocumentSummary[]>(`/api/trainers/${trainerId}/documents`, { signal });
}

export function trainerDocumentsQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: documentKeys.trainer(trainerId),
    queryFn: ({ signal }) => getTrainerDocuments(trainerId, signal),
  });
}

export function useTrainerDocuments(trainerId: number | null) {
  return useQuery({ ...trainerDocumentsQueryOptions(trainerId ?? 0), enabled: trainerId !== null });
}
