import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The asker's thumbs up (helpful) or down on one answer; asking again replaces the earlier choice. */
export function sendFeedback(input: { questionId: number; helpful: boolean }): Promise<void> {
  return api<void>(`/api/chatbot/${input.questionId}/feedback`, {
    method: 'POST',
    body: { helpful: input.helpful },
  });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
