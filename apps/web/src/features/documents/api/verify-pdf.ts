import type { VerifyResult } from '@soulpunch/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Public: the PDF's bytes, checked against our records and its seal. */
export function verifyPdf(file: Blob): Promise<VerifyResult> {
  const body = new Blob([file], { type: 'application/pdf' });
  return api<VerifyResult>('/api/verify', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/pdf' },
  });
}

export function useVerifyPdf() {
  return useMutation({ mutationFn: verifyPdf });
}
