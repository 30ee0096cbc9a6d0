import type { ChainCheck } from '@soulpunch/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Admin: recomputes every audit entry's hash and link. */
export function verifyAuditChain(): Promise<ChainCheck> {
  return api<ChainCheck>('/api/documents/audit/verify', { method: 'POST' });
}

export function useVerifyAuditChain() {
  return useMutation({ mutationFn: verifyAuditChain });
}
