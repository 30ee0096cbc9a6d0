import type {
  AdminReview,
  ApiAnswer,
  ReviewInput,
  ReviewLink,
  reviewSavedSchema,
  TrainerReview,
  TrainerReviews,
} from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const reviewKeys = {
  link: (token: string) => ['reviews', 'link', token] as const,
  trainer: (trainerId: number) => ['reviews', 'trainer', trainerId] as const,
  admin: ['reviews', 'admin'] as const,
};

/** What the e-mailed review link is for, and whether it was used (a POST: the token is a secret). */
export function useReviewLink(token: string | null) {
  return useQuery({
    queryKey: reviewKeys.link(token ?? ''),
    queryFn: ({ signal }) =>
      api<ReviewLink>('/api/reviews/link', { method: 'POST', body: { token }, signal }),
    enabled: token !== null,
    retry: false,
  });
}

export function useSubmitReview() {
  return useMutation({
    mutationFn: (review: ReviewInput) =>
      api<ApiAnswer<typeof reviewSavedSchema>>('/api/reviews', { method: 'POST', body: review }),
  });
}

export function useTrainerReviews(trainerId: number) {
  return useQuery({
    queryKey: reviewKeys.trainer(trainerId),
    queryFn: () => api<TrainerReviews>(`/api/trainers/${trainerId}/reviews`),
  });
}

export function useSetFeatured(trainerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, featured }: { reviewId: number; featured: boolean }) =>
      api<TrainerReview>(`/api/trainers/${trainerId}/reviews/${reviewId}/featured`, {
        method: 'PUT',
        body: { featured },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.trainer(trainerId) }),
  });
}

export function useAdminReviews() {
  return useQuery({ queryKey: reviewKeys.admin, queryFn: () => api<AdminReview[]>('/api/admin/reviews') });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'hide' | 'unhide'; reason: string }) =>
      api<AdminReview>(`/api/admin/reviews/${id}/${action}`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.admin }),
  });
}
