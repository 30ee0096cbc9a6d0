import type { ApiAnswer, devMailboxSchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Mailbox = ApiAnswer<typeof devMailboxSchema>;
export type MailboxMessage = Mailbox['messages'][number];

export function getMailbox(): Promise<Mailbox> {
  return api<Mailbox>('/api/dev/mailbox');
}

export function mailboxQueryOptions() {
  return queryOptions({ queryKey: ['dev', 'mailbox'], queryFn: getMailbox });
}

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
