import type {
  ReplacementInput,
  ReplacementRequest,
  ReplacementStatus,
  TrainerReplacements,
} from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

export function useReplacementRequests(status: ReplacementStatus | 'all') {
  return useQuery({
    queryKey: inventoryKeys.requestList(status),
    queryFn: () =>
      api<ReplacementRequest[]>(
        status === 'all'
          ? '/api/admin/replacement-requests'
          : `/api/admin/replacement-requests?status=${status}`,
      ),
  });
}

/** Approving makes a shipment: both lists change. */
export function useDecideReplacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'decline'; note: string }) =>
      api<ReplacementRequest>(`/api/admin/replacement-requests/${id}/${decision}`, {
        method: 'POST',
        body: { note },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export const replacementPhotoUrl = (trainerId: number, requestId: number) =>
  `/api/trainers/${trainerId}/replacement-requests/${requestId}/photo`;

export function useTrainerReplacements(trainerId: number) {
  return useQuery({
    queryKey: inventoryKeys.trainerRequests(trainerId),
    queryFn: () => api<TrainerReplacements>(`/api/trainers/${trainerId}/replacement-requests`),
  });
}

/**
 * Sends the request, then its photo when one was chosen. A photo the server refuses leaves the request sent
 * (it says so), and the error names the photo.
 */
export function useRequestReplacement(trainerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, photo }: { input: ReplacementInput; photo: File | null }) => {
      const request = await api<ReplacementRequest>(`/api/trainers/${trainerId}/replacement-requests`, {
        method: 'POST',
        body: input,
      });
      if (!photo) return { request, photoError: null };
      const form = new FormData();
      form.append('file', photo);
      try {
        return {
          request: await api<ReplacementRequest>(replacementPhotoUrl(trainerId, request.id), {
            method: 'POST',
            body: form,
          }),
          photoError: null,
        };
      } catch (error) {
        return { request, photoError: error };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.trainerRequests(trainerId) }),
  });
}
