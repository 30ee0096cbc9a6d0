import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** One review link per registration that held its place when the class ended (migration 0020). */
export interface ReviewLinksTable {
  registrationId: number;
  tokenHash: string;
  sentAt: Date;
  usedAt: Date | null;
}

export interface ReviewsTable {
  id: Generated<number>;
  registrationId: number;
  classId: number;
  trainerId: number;
  stars: number;
  comment: string | null;
  featured: Generated<boolean>;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  createdAt: CreatedAt;
}

export interface ReviewModerationTable {
  id: Generated<number>;
  reviewId: number;
  action: 'hidden' | 'shown';
  reason: string;
  byUserId: number | null;
  at: Date;
}

export interface ReviewTables {
  reviewLinks: ReviewLinksTable;
  reviews: ReviewsTable;
  reviewModeration: ReviewModerationTable;
}
