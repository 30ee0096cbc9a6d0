import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface MailboxMessage {
  id: string | number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  createdAt: string;
}

export interface Mailbox {
  messages: MailboxMessage[];
}

export function getMailbox(): Promise<Mailbox> {
  return api<Mailbox>('/api/dev/mailbox');
}

export function mailboxQueryOptions() {
  return queryOptions({ queryKey: ['dev', 'mailbox'], queryFn: getMailbox });
}

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
