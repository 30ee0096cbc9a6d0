import { z } from 'zod';

/**
 * Every code the API puts in `{ error: { code } }`: the server's AppError takes only these, and the web app compares
 * against them, so a renamed or mistyped code fails the typecheck on both sides.
 */
export const ERROR_CODES = [
  // Any route
  'validation_error',
  'bad_request',
  'bad_address',
  'address_too_long',
  'body_too_deep',
  'invalid_encoding',
  'unsupported_media_type',
  'cross_origin',
  'unauthenticated',
  'forbidden',
  'not_found',
  'rate_limited',
  'internal_error',
  'database_unavailable',
  'shutting_down',
  'storage_full',
  'storage_unavailable',
  // Sign-in, accounts and administrators
  'invalid_link',
  'expired',
  'sign_in_required',
  'email_not_verified',
  'unknown_email',
  'last_admin',
  'unchanged',
  'version_conflict',
  // Profiles and pictures
  'invalid_image',
  'picture_too_large',
  'picture_not_yours',
  'malformed_upload',
  'mail_failed',
  // Portal and directory
  'access_paused',
  'step_not_editable',
  'step_locked',
  'unknown_place',
  'unknown_category',
  'resource_article',
  // Classes
  'registration_closed',
  'already_registered',
  'class_cancelled',
  'invalid_cancel_link',
  // Payments and enrolment (the e-mailed code)
  'code_required',
  'code_expired',
  'invalid_code',
  'too_many_tries',
  'already_enrolled',
  'already_paid',
  'already_processed',
  'checkout_closed',
  'invalid_signature',
  'no_enrolment',
  'no_payment_plan',
  'not_refundable',
  'not_suspended',
  'not_waivable',
  'nothing_to_bill',
  'nothing_to_change',
  'nothing_owed',
  'request_used',
  'payment_not_verified',
  // Documents
  'already_signed',
  'consent_required',
  'disclosure_changed',
  'not_signed',
  'reminder_not_available',
  'version_changed',
  'name_mismatch',
  // Admin calendar: sessions, consultation slots and bookings
  'in_the_past',
  'session_full',
  'session_cancelled',
  'not_registered',
  'capacity_below_registered',
  'slot_taken',
  'slot_booked',
  'booking_cancelled',
  // Reviews
  'invalid_review_link',
  'review_link_used',
  'review_link_expired',
  'review_hidden',
  'too_many_featured',
  // Certification record and insurance
  'certification_not_paid',
  'certification_not_signed',
  'training_not_completed',
  'already_certified',
  'not_certified',
  'certificate_revoked',
  'renewal_requirements_unmet',
  'renewal_fee_paid',
  'no_insurance_policy',
  'invalid_insurance_file',
  'insurance_expired',
  'already_accepted',
  // Proof of certification: the verify page and the downloads (decision record 0015)
  'certificate_not_found',
  'certificate_not_valid',
  // Inventory, shipments and replacement requests
  'sku_taken',
  'unknown_item',
  'insufficient_stock',
  'shipment_not_to_pack',
  'shipment_not_shipped',
  'request_decided',
  // Settings: staff, branding
  'read_only',
  'invalid_logo',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
/** Fastify's own refusals (a body too large, an unsupported content type) keep their framework code. */
export type FrameworkErrorCode = `FST_${string}`;

/** The one error body every API answer uses: `{ error: { code, message, fields? } }`. */
export const apiErrorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.union([z.enum(ERROR_CODES), z.templateLiteral(['FST_', z.string()])]),
    message: z.string(),
    /** Field path -> message, for forms that show messages beside inputs. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;
