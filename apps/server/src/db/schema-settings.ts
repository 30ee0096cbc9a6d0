import type { AdminAreaRole, Delivery } from '@soulpunch/shared';
import type { Generated } from 'kysely';

/** Every grant and removal of an admin-area role (migration 0025). */
export interface RoleChangesTable {
  id: Generated<number>;
  userId: number | null;
  email: string;
  name: string;
  role: AdminAreaRole;
  action: 'granted' | 'removed';
  /** Null with null name and e-mail: the server's command line. */
  changedBy: number | null;
  changedByName: string | null;
  changedByEmail: string | null;
  changedAt: Date;
}

/** A person's choice for one kind of notice; a kind without a row takes its default. */
export interface NotificationPreferencesTable {
  userId: number;
  kind: string;
  delivery: Delivery;
  updatedAt: Date;
}

/** A notice waiting for its person's daily digest (sentAt set when the digest is queued). */
export interface NotificationDigestItemsTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The brand: one row (id 1) once an administrator saved it; without it the defaults apply. */
export interface BrandingTable {
  id: number;
  name: string;
  primaryColor: string;
  supportEmail: string;
  postalAddress: string | null;
  logoKey: string | null;
  updatedAt: Date;
  updatedBy: number | null;
}

/** What the mailer last did (one row, id 1): the integrations card reads it. */
export interface MailHealthTable {
  id: number;
  lastSentAt: Date | null;
  lastFailedAt: Date | null;
  lastError: string | null;
  lastFailedSubject: string | null;
}

export interface SettingsTables {
  roleChanges: RoleChangesTable;
  notificationPreferences: NotificationPreferencesTable;
  notificationDigestItems: NotificationDigestItemsTable;
  branding: BrandingTable;
  mailHealth: MailHealthTable;
}
