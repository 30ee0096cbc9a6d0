// Settings (issue 27): who works in the admin area, how each person is notified, the brand, and the state of the
// outside services. Decision record 0016.
import { z } from 'zod';
import { emailSchema } from './auth';
import { contrastRatio, isHexColor, MIN_CONTRAST } from './branding-basics';

export * from './branding-basics';

// ---------------------------------------------------------------------------------------------------------------
// Accounts and permissions

/** The roles of the admin area: administrators change things, staff see everything and change nothing. */
export const ADMIN_AREA_ROLES = ['admin', 'staff'] as const;
export type AdminAreaRole = (typeof ADMIN_AREA_ROLES)[number];

export const STAFF_READ_ONLY_MESSAGE =
  'Staff accounts can view the admin area but cannot change anything. Ask an administrator to make this change.';

/** One person of the admin area. */
export const teamMemberSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type TeamMember = z.output<typeof teamMemberSchema>;

/** One grant or removal of an admin-area role: whom, what, by whom (a person, or the server's command line). */
export const roleChangeSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ADMIN_AREA_ROLES),
  action: z.enum(['granted', 'removed']),
  changedAt: z.string(),
  changedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type RoleChange = z.output<typeof roleChangeSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Notification preferences

/** What the admin area is told of. `low_stock` is sent by the inventory. */
export const STAFF_NOTIFICATION_KINDS = [
  'new_enrolment',
  'failed_instalment',
  'dispute',
  'document_expired',
  'certification_lapsing',
  'assistant_unanswered',
  'low_stock',
] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

export const STAFF_NOTIFICATION_LABELS: Record<StaffNotificationKind, string> = {
  new_enrolment: 'New enrolment',
  failed_instalment: 'Failed instalment',
  dispute: 'Dispute (chargeback)',
  document_expired: 'Document expired',
  certification_lapsing: 'Certification lapsing',
  assistant_unanswered: 'Unanswered assistant question',
  low_stock: 'Low stock',
};

export const STAFF_DELIVERIES = ['immediately', 'daily_digest', 'off'] as const;
export type StaffDelivery = (typeof STAFF_DELIVERIES)[number];

/**
 * Before a person chooses: money at risk at once (what administrators got before preferences existed), the rest in
 * the morning's digest.
 */
export const DEFAULT_STAFF_DELIVERY: Record<StaffNotificationKind, StaffDelivery> = {
  new_enrolment: 'daily_digest',
  failed_instalment: 'immediately',
  dispute: 'immediately',
  document_expired: 'daily_digest',
  certification_lapsing: 'daily_digest',
  assistant_unanswered: 'daily_digest',
  low_stock: 'daily_digest',
};

/** What a trainer is told of about their classes and calendar. */
export const TRAINER_NOTIFICATION_KINDS = [
  'class_registrations',
  'class_cancellations',
  'reminders',
] as const;
export type TrainerNotificationKind = (typeof TRAINER_NOTIFICATION_KINDS)[number];

export const TRAINER_NOTIFICATION_LABELS: Record<TrainerNotificationKind, string> = {
  class_registrations: 'Someone registers for one of my classes',
  class_cancellations: 'Someone cancels their registration',
  reminders: 'Reminders of my consultations',
};

export const TRAINER_DELIVERIES = ['immediately', 'off'] as const;
export type TrainerDelivery = (typeof TRAINER_DELIVERIES)[number];

export const DEFAULT_TRAINER_DELIVERY: Record<TrainerNotificationKind, TrainerDelivery> = {
  class_registrations: 'immediately',
  class_cancellations: 'immediately',
  reminders: 'immediately',
};

export type NotificationKind = StaffNotificationKind | TrainerNotificationKind;
export type Delivery = StaffDelivery | TrainerDelivery;

/** A person's choice for `kind`, or the default when they never chose (or chose something that kind cannot be). */
export function resolveDelivery(
  stored: ReadonlyMap<string, string> | Partial<Record<string, string>>,
  kind: NotificationKind,
): Delivery {
  const value = stored instanceof Map ? stored.get(kind) : (stored as Record<string, string>)[kind];
  if ((STAFF_NOTIFICATION_KINDS as readonly string[]).includes(kind)) {
    const allowed = STAFF_DELIVERIES as readonly string[];
    return (
      value && allowed.includes(value) ? value : DEFAULT_STAFF_DELIVERY[kind as StaffNotificationKind]
    ) as Delivery;
  }
  const allowed = TRAINER_DELIVERIES as readonly string[];
  return (
    value && allowed.includes(value) ? value : DEFAULT_TRAINER_DELIVERY[kind as TrainerNotificationKind]
  ) as Delivery;
}

/** The hour (in the brand's time zone) the daily digest goes out, and how the settings page says it. */
export const DIGEST_HOUR = 7;
export const DIGEST_TIME_LABEL = '7:00 AM Central time';

const staffChoices = z.partialRecord(z.enum(STAFF_NOTIFICATION_KINDS), z.enum(STAFF_DELIVERIES));
const trainerChoices = z.partialRecord(z.enum(TRAINER_NOTIFICATION_KINDS), z.enum(TRAINER_DELIVERIES));

/** GET/PUT /api/notification-preferences: the caller's own; a part is null when the caller has no such role. */
export const notificationPreferencesSchema = z.object({
  staff: z.record(z.enum(STAFF_NOTIFICATION_KINDS), z.enum(STAFF_DELIVERIES)).nullable(),
  trainer: z.record(z.enum(TRAINER_NOTIFICATION_KINDS), z.enum(TRAINER_DELIVERIES)).nullable(),
  digestTime: z.string(),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export const notificationPreferencesUpdateSchema = z.strictObject({
  staff: staffChoices.optional(),
  trainer: trainerChoices.optional(),
});
export type NotificationPreferencesUpdate = z.input<typeof notificationPreferencesUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Branding

export const BRANDING_MESSAGES = {
  name: 'Enter the brand name (2 to 60 characters).',
  color: 'Enter the colour as #rrggbb, for example #1971c2.',
  address: 'The postal address can be at most 300 characters.',
  logoMissing: 'Please choose a logo to upload.',
  logoType: 'Please upload the logo as a PNG or JPEG image.',
  logoUnreadable: 'This image could not be read. Please try another PNG or JPEG file.',
  logoTooLarge: 'The logo must be 1 MB or smaller.',
};

export const LOGO_MAX_BYTES = 1024 * 1024;

/** Why a colour is refused: its contrast against white, which buttons' text and links on white both need. */
export function contrastProblem(hex: string): string | null {
  if (!isHexColor(hex)) return BRANDING_MESSAGES.color;
  const ratio = contrastRatio(hex, '#ffffff');
  if (ratio >= MIN_CONTRAST) return null;
  return `This colour has a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1 against white; at least ${MIN_CONTRAST}:1 (WCAG AA) is needed so text on it and links in it stay readable. Choose a darker colour.`;
}

export const brandColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = contrastProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /api/admin/branding: everything but the logo, which has its own upload. */
export const brandingUpdateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, { error: BRANDING_MESSAGES.name })
    .max(60, { error: BRANDING_MESSAGES.name }),
  primaryColor: brandColorSchema,
  supportEmail: emailSchema,
  postalAddress: z
    .string()
    .trim()
    .max(300, { error: BRANDING_MESSAGES.address })
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type BrandingUpdate = z.input<typeof brandingUpdateSchema>;

/** GET /api/branding (public): the brand as pages and e-mails show it. */
export const brandSchema = z.object({
  name: z.string(),
  primaryColor: z.string(),
  supportEmail: z.string(),
  postalAddress: z.string().nullable(),
  logoUrl: z.string().nullable(),
});

/** The administrators' view: the brand with who changed it last, and the values it started from. */
export const brandingAnswerSchema = z.object({
  brand: brandSchema,
  defaults: brandSchema,
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type BrandingAnswer = z.output<typeof brandingAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Integrations

/** GET /api/admin/integrations: each outside service as its own records show it. */
export const integrationsAnswerSchema = z.object({
  payments: z.object({
    provider: z.enum(['test', 'stripe']),
    mode: z.enum(['test', 'live']),
    lastWebhook: z
      .object({
        receivedAt: z.string(),
        type: z.string(),
        result: z.enum(['processed', 'failed', 'waiting']),
        error: z.string().nullable(),
      })
      .nullable(),
    failedLastWeek: z.number(),
  }),
  mail: z.object({
    transport: z.enum(['smtp', 'outbox']),
    from: z.string(),
    lastSentAt: z.string().nullable(),
    lastFailure: z.object({ at: z.string(), error: z.string(), subject: z.string() }).nullable(),
    waiting: z.number(),
  }),
  storage: z.object({
    kind: z.enum(['disk', 's3']),
    location: z.string(),
    reachable: z.boolean(),
    freeBytes: z.number().nullable(),
    totalBytes: z.number().nullable(),
    problem: z.string().nullable(),
  }),
  assistant: z.object({
    configured: z.boolean(),
    model: z.string().nullable(),
    lastAnswerAt: z.string().nullable(),
    lastModelAnswerAt: z.string().nullable(),
  }),
  checkedAt: z.string(),
});
export type IntegrationsAnswer = z.output<typeof integrationsAnswerSchema>;

/** POST /api/admin/integrations/mail/test: the test e-mail to the caller, and whether the mail server took it. */
export const mailTestAnswerSchema = z.object({
  sentTo: z.string(),
  delivered: z.boolean(),
  error: z.string().nullable(),
});
export type MailTestAnswer = z.output<typeof mailTestAnswerSchema>;
