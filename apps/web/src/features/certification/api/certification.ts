import type {
  CertificationActionKind,
  CertificationView,
  InsurancePolicyInput,
  InsuranceView,
  RenewalAnswer,
  RenewalCheckoutAnswer,
} from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const certificationKey = (trainerId: number) => ['certification', trainerId] as const;
export const insuranceKey = (trainerId: number) => ['certification', trainerId, 'insurance'] as const;

const recordPath = (trainerId: number) => `/api/trainers/${trainerId}/certification-record`;
const insurancePath = (trainerId: number) => `/api/trainers/${trainerId}/insurance`;

export function useCertification(trainerId: number) {
  return useQuery({
    queryKey: certificationKey(trainerId),
    queryFn: () => api<CertificationView>(recordPath(trainerId)),
  });
}

/** Whatever changed the record also changes the admin's history, the trainer lists and the dashboard counts. */
function useRefresh(trainerId: number) {
  const queryClient = useQueryClient();
  return (view?: CertificationView) => {
    if (view) queryClient.setQueryData(certificationKey(trainerId), view);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: certificationKey(trainerId) }),
      queryClient.invalidateQueries({ queryKey: ['trainers'] }),
    ]);
  };
}

/** An admin's issue, renew, suspend, reinstate or revoke, with its reason. */
export function useCertificationAction(trainerId: number) {
  const refresh = useRefresh(trainerId);
  return useMutation({
    mutationFn: ({ kind, reason }: { kind: CertificationActionKind; reason: string }) =>
      api<CertificationView>(`${recordPath(trainerId)}/${kind}`, { method: 'POST', body: { reason } }),
    onSuccess: (view) => refresh(view),
  });
}

/** The trainer pays the renewal fee: the provider's checkout opens (the page then goes there). */
export function usePayRenewalFee(trainerId: number) {
  return useMutation({
    mutationFn: () =>
      api<RenewalCheckoutAnswer>(`${recordPath(trainerId)}/renewal/checkout`, { method: 'POST' }),
  });
}

/** The trainer renews from the portal. */
export function useRenewCertification(trainerId: number) {
  const refresh = useRefresh(trainerId);
  return useMutation({
    mutationFn: () => api<RenewalAnswer>(`${recordPath(trainerId)}/renewal`, { method: 'POST' }),
    onSuccess: (answer) => refresh(answer.certification),
  });
}

export function useInsurance(trainerId: number) {
  return useQuery({
    queryKey: insuranceKey(trainerId),
    queryFn: () => api<InsuranceView>(insurancePath(trainerId)),
  });
}

function useInsuranceMutation<T>(trainerId: number, call: (input: T) => Promise<InsuranceView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      queryClient.setQueryData(insuranceKey(trainerId), view);
      return queryClient.invalidateQueries({ queryKey: certificationKey(trainerId) });
    },
  });
}

export function useSubmitInsurance(trainerId: number) {
  return useInsuranceMutation(trainerId, (input: InsurancePolicyInput) =>
    api<InsuranceView>(insurancePath(trainerId), { method: 'PUT', body: input }),
  );
}

export function useUploadInsuranceCertificate(trainerId: number) {
  return useInsuranceMutation(trainerId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<InsuranceView>(`${insurancePath(trainerId)}/certificate`, { method: 'POST', body: form });
  });
}

export function useAcceptInsurance(trainerId: number) {
  return useInsuranceMutation(trainerId, (reason: string) =>
    api<InsuranceView>(`${insurancePath(trainerId)}/accept`, { method: 'POST', body: { reason } }),
  );
}

export const insuranceCertificateUrl = (trainerId: number) => `${insurancePath(trainerId)}/certificate`;

/** The sealed certificate PDF and the digital credential (decision record 0015): downloaded by the browser itself. */
export const certificatePdfUrl = (trainerId: number) => `/api/trainers/${trainerId}/certificate.pdf`;
export const credentialUrl = (trainerId: number) => `/api/trainers/${trainerId}/certificate.jwt`;

/** Whether the certificate may be downloaded now: the server makes both only for a certificate valid today. */
export const canDownloadProof = (view: CertificationView) =>
  (view.status === 'certified' || view.status === 'renewal_due') && (view.daysLeft ?? -1) >= 0;
