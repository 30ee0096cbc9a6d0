import { Badge } from '@mantine/core';
import type { ArticleAudience, ArticleStatus } from '@soulpunch/shared';

export const audienceLabels: Record<ArticleAudience, string> = {
  public: 'Public',
  trainer: 'Trainers',
  admin: 'Admins',
};

export const audienceHelp: Record<ArticleAudience, string> = {
  public: 'Anyone the assistant answers may read it.',
  trainer: 'Trainers and admins.',
  admin: 'Admins only.',
};

export const statusLabels: Record<ArticleStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  retired: 'Retired',
};

// Dark shades on their light backgrounds keep the badge text above 4.5:1.
const statusColors: Record<ArticleStatus, string> = {
  draft: 'violet.9',
  published: 'teal.9',
  retired: 'gray.8',
};

export function StatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <Badge variant="outline" color={statusColors[status]}>
      {statusLabels[status]}
    </Badge>
  );
}
