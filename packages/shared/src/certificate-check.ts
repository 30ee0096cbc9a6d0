import type { CertificationStatus } from './certification';

// What anyone may check of a certificate (issue 26 part 4, decision record 0015). Kept apart from the schemas, so
// the public verify page does not load zod.

/** A certificate's standing in the public's words: the verify page, its API and the credential's status. */
export const PUBLIC_CERTIFICATE_STATUSES = ['valid', 'expired', 'suspended', 'revoked'] as const;
export type PublicCertificateStatus = (typeof PUBLIC_CERTIFICATE_STATUSES)[number];

export const PUBLIC_CERTIFICATE_STATUS_LABELS: Record<PublicCertificateStatus, string> = {
  valid: 'Valid',
  expired: 'Expired',
  suspended: 'Suspended',
  revoked: 'Revoked',
};

/**
 * The public word for an issued record on `today` (both days 'YYYY-MM-DD'): valid through the expiry day, then
 * expired, even before the scheduled round has marked it lapsed. Null for a trainer still in training.
 */
export function publicCertificateStatus(
  status: CertificationStatus,
  expiresOn: string,
  today: string,
): PublicCertificateStatus | null {
  switch (status) {
    case 'in_training':
      return null;
    case 'revoked':
    case 'suspended':
      return status;
    case 'lapsed':
      return 'expired';
    case 'certified':
    case 'renewal_due':
      return expiresOn < today ? 'expired' : 'valid';
  }
}

/** `SP-XXXX-XXXX-XXXX-XXXX`, 16 hex digits (the server's newCertificateNumber). */
export const CERTIFICATE_NUMBER = /^SP-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/;

/**
 * A number as people type or read it (lower case, spaces, missing dashes, without 'SP') in its one spelling, or
 * null when it cannot be one.
 */
export function normaliseCertificateNumber(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^SP(?=[0-9A-F]{16}$)/, '');
  if (!/^[0-9A-F]{16}$/.test(compact)) return null;
  return `SP-${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8, 12)}-${compact.slice(12)}`;
}

/** The public verify page of a certificate (the PDF's QR code and the portal link to it). */
export const certificateVerifyPath = (certificateNumber: string) =>
  `/verify/${encodeURIComponent(certificateNumber)}`;

/**
 * Where the verify form's number leads: the certificate's page, in the number's one spelling when it can be one,
 * else what was typed with only letters, digits and dashes kept (its page says there is no such certificate).
 */
export function verifyPathForTyped(typed: string): string {
  const number =
    normaliseCertificateNumber(typed) ?? (typed.replace(/[^0-9A-Za-z-]/g, '').slice(0, 64) || '-');
  return certificateVerifyPath(number);
}
