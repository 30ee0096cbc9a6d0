import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

/** The admin Calendar's tables (migration 0019). */
export interface TrainingSessionsTable {
  id: Generated<number>;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string;
  description: string | null;
  capacity: number;
  status: Generated<'scheduled' | 'cancelled'>;
  /** Bumped on every change, so calendar apps replace their copy of the event. */
  sequence: Generated<number>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TrainingRegistrationsTable {
  sessionId: number;
  trainerId: number;
  registeredAt: Date;
  attendedAt: Date | null;
  attendanceMarkedBy: number | null;
  /** The day-before reminder went (migration 0024); cleared when the session moves. */
  reminderSentAt: Generated<Date | null>;
}

export interface ConsultationSlotsTable {
  id: Generated<number>;
  hostId: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string;
  createdAt: CreatedAt;
}

export interface ConsultationBookingsTable {
  id: Generated<number>;
  slotId: number;
  trainerId: number;
  status: Generated<'booked' | 'cancelled'>;
  sequence: Generated<number>;
  reminderSentAt: Date | null;
  bookedAt: Date;
  updatedAt: Date;
}

export interface GroupEventsTable {
  id: Generated<number>;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string;
  description: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface AdminCalendarFeedsTable {
  userId: number;
  tokenHash: string;
  createdAt: Date;
}

export interface CalendarTables {
  trainingSessions: TrainingSessionsTable;
  trainingRegistrations: TrainingRegistrationsTable;
  consultationSlots: ConsultationSlotsTable;
  consultationBookings: ConsultationBookingsTable;
  groupEvents: GroupEventsTable;
  adminCalendarFeeds: AdminCalendarFeedsTable;
}
