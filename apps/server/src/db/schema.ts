import type {
  ClassLevel,
  ClassType,
  OnboardingStatus,
  PaymentStatus,
  Role,
  SelfMarkedOnboardingStep,
} from '@soulpunch/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AssistantTables } from './schema-assistant';
import type { CalendarTables } from './schema-calendar';
import type { CertificationTables } from './schema-certification';
import type { DocumentTables } from './schema-documents';
import type { InventoryTables } from './schema-inventory';
import type { PaymentTables } from './schema-payments';
import type { ReviewTables } from './schema-reviews';
import type { SettingsTables } from './schema-settings';

/** Table shapes as Kysely sees them (camelCase here, snake_case in SQL via CamelCasePlugin). */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/** A `date` column: always 'YYYY-MM-DD' text on both drivers (see database.ts). */
type DateText = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  createdAt: CreatedAt;
}

export interface UserRolesTable {
  userId: number;
  role: Role;
  grantedAt: CreatedAt;
}

export interface SessionsTable {
  /** HMAC of the cookie value: the cookie itself is never stored. */
  idHash: string;
  userId: number;
  createdAt: CreatedAt;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface MagicLinksTable {
  tokenHash: string;
  userId: number;
  createdAt: CreatedAt;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface RateLimitHitsTable {
  key: string;
  hitAt: Date;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: ColumnType<MailAttachment[], string | undefined, never>;
  createdAt: CreatedAt;
}

/** E-mail waiting to be sent (or sent) from the queue: retried with backoff until the mail server takes it. */
export interface MailQueueTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: ColumnType<MailAttachment[], string | undefined, never>;
  attempts: Generated<number>;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: CreatedAt;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text as it is, or base64 for binary files (a signed PDF). */
  content: string;
  encoding?: 'base64';
}

export interface TrainersTable {
  id: Generated<number>;
  userId: number | null;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  paymentStatus: Generated<PaymentStatus>;
  onboardingStatus: Generated<OnboardingStatus>;
  /** 'active' or 'inactive'; headquarters is the separate isHeadquarters flag. */
  status: Generated<string>;
  isHeadquarters: Generated<boolean>;
  /** From the gazetteer; null when the place is unknown (the trainer stays listed, off the map). */
  latitude: number | null;
  longitude: number | null;
  /** Payment standing (migration 0006): a failed instalment, resources paused after grace, refund/dispute. */
  pastDueSince: Date | null;
  accessPausedAt: Date | null;
  certificationSuspendedAt: Date | null;
  certificationSuspensionReason: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One row per trainer: every field of the portal's profile editor and the admin detail. */
export interface TrainerProfilesTable {
  trainerId: number;
  displayName: string | null;
  address: string | null;
  postalCode: string | null;
  notes: string | null;
  bio: string | null;
  website: string | null;
  instagram: string | null;
  facebook: string | null;
  tiktok: string | null;
  linkedin: string | null;
  twitter: string | null;
  pillar: string | null;
  youtube: string | null;
  otherSocialMedia: ColumnType<SocialLink[], string | undefined, string>;
  trainingDate: DateText | null;
  certificationDate: DateText | null;
  hasInsurance: Generated<boolean>;
  insuranceProvider: string | null;
  insuranceExpiry: DateText | null;
  hasStripe: Generated<boolean>;
  stripePaymentLink: string | null;
  hasPaypal: Generated<boolean>;
  paypalPaymentLink: string | null;
  hasPillar: Generated<boolean>;
  pillarAccountLink: string | null;
  hasAffiliateLink: Generated<boolean>;
  affiliateLink: string | null;
  hasCurriculum: Generated<boolean>;
  hasMarketingResources: Generated<boolean>;
  hasWorkbooks: Generated<boolean>;
  hasVideoLibrary: Generated<boolean>;
  hasTrainerDrive: Generated<boolean>;
  hasCanva: Generated<boolean>;
  hasMarketingAssets: Generated<boolean>;
  inWhatsApp: Generated<boolean>;
  inFacebook: Generated<boolean>;
  profilePicture: string | null;
  publicBio: string | null;
  displayLocation: string | null;
  availabilityDescription: string | null;
  displayContact: string | null;
  experienceDescription: string | null;
  websitePublic: string | null;
  publicSocialMedia: string | null;
  publicEmail: string | null;
  publicPhone: string | null;
  basicClassPaymentLink: string | null;
  publiclyListed: Generated<boolean>;
  featuredTrainer: Generated<boolean>;
  yearsExperience: Generated<number>;
  specializations: ColumnType<string[], string[] | undefined, string[]>;
  classTypes: ColumnType<string[], string[] | undefined, string[]>;
  showFullName: Generated<boolean>;
  showEmail: Generated<boolean>;
  showPhone: Generated<boolean>;
  showCity: Generated<boolean>;
  showState: Generated<boolean>;
  showBio: Generated<boolean>;
  showWebsite: Generated<boolean>;
  showSocialMedia: Generated<boolean>;
  updatedAt: UpdatedAt;
}

export interface SocialLink {
  platform: string;
  url: string;
}

/**
 * Marks of the weekly training link, the one checklist step with no other stored fact (migration 0017: the other
 * self-marked steps read the profile's flags; their old marks are no longer read).
 */
export interface TrainerOnboardingStepsTable {
  trainerId: number;
  step: string;
  completedAt: CreatedAt;
}

export interface TrainerChangesTable {
  id: Generated<number>;
  trainerId: number;
  changedBy: number | null;
  changedAt: CreatedAt;
  changes: ColumnType<FieldChange[], string, never>;
}

/** A requested change of a trainer's sign-in e-mail, waiting for the link sent to the new address. */
export interface EmailChangesTable {
  id: Generated<number>;
  trainerId: number;
  oldEmail: string;
  newEmail: string;
  tokenHash: string;
  requestedBy: number | null;
  createdAt: CreatedAt;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface ResourceCategoriesTable {
  id: Generated<number>;
  name: string;
  comingSoon: boolean;
  position: number;
}

export interface ResourcesTable {
  id: Generated<number>;
  kind: 'resource' | 'upcoming_training' | 'training_schedule';
  categoryId: number | null;
  name: string;
  description: string;
  badge: string | null;
  details: string | null;
  url: string;
  position: number;
  /** Migration 0008: a retired resource leaves the portal but keeps its visits. */
  retiredAt: Date | null;
  /** Migration 0009: the days an upcoming training runs (null for other kinds). */
  startsOn: DateText | null;
  endsOn: DateText | null;
  /** Migration 0017: the checklist step this resource's link stands for; opening it ticks the step. */
  onboardingStep: Generated<SelfMarkedOnboardingStep | null>;
}

export interface TrainerResourceVisitsTable {
  trainerId: number;
  resourceId: number;
  firstOpenedAt: CreatedAt;
}

export interface ClassesTable {
  id: Generated<number>;
  trainerId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string;
  address: string | null;
  notes: string | null;
  priceCents: number;
  capacity: number;
  type: ClassType;
  level: ClassLevel;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  paymentLink: string | null;
  status: Generated<'scheduled' | 'cancelled'>;
  /** Bumped on every change, so calendar apps replace their copy of the event. */
  sequence: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ClassRegistrationsTable {
  id: Generated<number>;
  classId: number;
  name: string;
  email: string;
  status: 'registered' | 'waitlisted' | 'cancelled';
  cancelTokenHash: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/**
 * The enrolment and payment tables live in schema-payments.ts, the signing tables in schema-documents.ts, the
 * admin Calendar's in schema-calendar.ts, the reviews in schema-reviews.ts, the certification record and insurance in
 * schema-certification.ts, inventory and shipments in schema-inventory.ts, the settings (roles' history,
 * notifications, brand) in schema-settings.ts.
 */
export interface Database
  extends PaymentTables,
    DocumentTables,
    AssistantTables,
    CalendarTables,
    ReviewTables,
    CertificationTables,
    InventoryTables,
    SettingsTables {
  users: UsersTable;
  userRoles: UserRolesTable;
  sessions: SessionsTable;
  magicLinks: MagicLinksTable;
  rateLimitHits: RateLimitHitsTable;
  outboxMessages: OutboxMessagesTable;
  mailQueue: MailQueueTable;
  trainers: TrainersTable;
  trainerProfiles: TrainerProfilesTable;
  trainerOnboardingSteps: TrainerOnboardingStepsTable;
  trainerChanges: TrainerChangesTable;
  emailChanges: EmailChangesTable;
  resourceCategories: ResourceCategoriesTable;
  resources: ResourcesTable;
  trainerResourceVisits: TrainerResourceVisitsTable;
  classes: ClassesTable;
  classRegistrations: ClassRegistrationsTable;
}

export type User = Selectable<UsersTable>;
export type Trainer = Selectable<TrainersTable>;
export type NewTrainer = Insertable<TrainersTable>;
export type TrainerUpdate = Updateable<TrainersTable>;
export type TrainerProfile = Selectable<TrainerProfilesTable>;
export type NewTrainerProfile = Insertable<TrainerProfilesTable>;
