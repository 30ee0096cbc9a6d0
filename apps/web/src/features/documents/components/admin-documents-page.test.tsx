import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminSession } from '@/features/admin/testing/fixtures';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { summary } from '../testing/fixtures';

const documents = [
  summary({ id: 1, status: 'sent', trainerId: 7, trainerName: 'Tina Trainer' }),
  summary({
    id: 2,
    type: 'nda',
    status: 'sent',
    reminderSentAt: '2025-03-10T09:00:00Z',
    trainerId: 8,
    trainerName: 'Sam Second',
  }),
  summary({ id: 3, type: 'liability_waiver', status: 'signed', signedAt: '2025-03-06T15:30:00Z' }),
  summary({ id: 4, type: 'nda', status: 'expired', trainerId: 9, trainerName: 'Ed Expired' }),
  summary({ id: 5, type: 'trainer_agreement', status: 'pending', sentAt: null, trainerName: 'Pat Pending' }),
];

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('admin documents', () => {
  it('shows the counts, the cards with titles, trainer and timestamps, and each card only its allowed actions', async () => {
    mockApi({ ...adminSession, 'GET /api/documents': json(documents) });
    const { user } = renderApp('/admin/documents');

    const sent = await screen.findByRole('article', { name: 'Trainer Agreement, Tina Trainer' });
    const counts = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement?.textContent;
    expect(counts('All Documents')).toContain('5');
    expect(counts('Pending Signatures')).toContain('3');
    expect(counts('Completed')).toContain('1');

    expect(within(sent).getByText('Trainer ID: 7 · Tina Trainer')).toBeInTheDocument();
    expect(within(sent).getByText(/^Sent: Mar 5, 2025 \d{1,2}:07 [AP]M$/)).toBeInTheDocument();
    expect(within(sent).getByText('Reminder sent: N/A')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'View Document' })).toHaveAttribute('target', '_blank');
    expect(within(sent).getByRole('button', { name: 'Send Reminder' })).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Check Status' })).toBeInTheDocument();

    const reminded = card(/Non-Disclosure Agreement, Sam Second/);
    expect(within(reminded).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(within(reminded).getByRole('button', { name: 'Check Status' })).toBeInTheDocument();

    const signed = card(/Liability Waiver/);
    expect(within(signed).queryByRole('button')).toBeNull();
    expect(within(signed).getByRole('link', { name: 'View Document' })).toBeInTheDocument();

    const pendingDoc = card(/Pat Pending/);
    expect(within(pendingDoc).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(within(pendingDoc).getByText('Sent: N/A')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Signed' }));
    const signedPanel = screen.getByRole('tabpanel', { name: 'Signed' });
    expect(within(signedPanel).getAllByRole('article')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    const pendingPanel = screen.getByRole('tabpanel', { name: 'Pending' });
    // Pending holds pending and sent; expired only shows under All.
    expect(within(pendingPanel).getAllByRole('article')).toHaveLength(3);
    expect(within(pendingPanel).queryByRole('article', { name: /Ed Expired/ })).toBeNull();
  });

  it("says 'No documents found in this category' for an empty tab", async () => {
    mockApi({ ...adminSession, 'GET /api/documents': json([summary({ status: 'sent' })]) });
    const { user } = renderApp('/admin/documents');
    await screen.findByRole('article');
    await user.click(screen.getByRole('tab', { name: 'Signed' }));
    expect(
      within(screen.getByRole('tabpanel', { name: 'Signed' })).getByText(
        'No documents found in this category',
      ),
    ).toBeInTheDocument();
  });

  it('sends a reminder with the spec toast and the button goes after the refetch', async () => {
    let current = [summary({ id: 1 })];
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/documents': () => json(current),
      'GET /api/dashboard/stats': json({}),
      'POST /api/documents/1/send-reminder': () => {
        current = [summary({ id: 1, reminderSentAt: '2025-03-11T10:00:00Z' })];
        return json(current[0]);
      },
    });
    const { user } = renderApp('/admin/documents');
    await user.click(await screen.findByRole('button', { name: 'Send Reminder' }));
    expect(await screen.findByText('Reminder Sent')).toBeInTheDocument();
    expect(
      screen.getByText('A reminder has been sent to the trainer to sign this document.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Send Reminder' })).toBeNull());
    expect(requestsMade(fetchMock)).toContain('POST /api/documents/1/send-reminder');
  });

  const failing = {
    ...adminSession,
    'GET /api/documents': json([summary({ id: 1 })]),
    'GET /api/dashboard/stats': json({}),
    'POST /api/documents/1/check-status': json({ error: { code: 'x', message: 'no' } }, { status: 500 }),
    'POST /api/documents/1/send-reminder': json({ error: { code: 'x', message: 'no' } }, { status: 409 }),
    'POST /api/documents/refresh': json({ checked: 1, expired: 0, reminded: 0, sent: 0 }),
  };

  it('shows the spec error toast when Check Status fails', async () => {
    mockApi(failing);
    const { user } = renderApp('/admin/documents');
    await user.click(await screen.findByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Failed to check document status. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows the spec error toast when Send Reminder fails, and keeps the button', async () => {
    mockApi(failing);
    const { user } = renderApp('/admin/documents');
    await user.click(await screen.findByRole('button', { name: 'Send Reminder' }));
    expect(await screen.findByText('Failed to send reminder. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reminder' })).toBeInTheDocument();
  });

  it("toasts 'Refreshed' after Refresh Status", async () => {
    const fetchMock = mockApi(failing);
    const { user } = renderApp('/admin/documents');
    await user.click(await screen.findByRole('button', { name: 'Refresh Status' }));
    expect(await screen.findByText('Document statuses have been refreshed.')).toBeInTheDocument();
    expect(screen.getByText('Refreshed')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /api/documents/refresh');
  });
});
