import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/mock-api';
import { HASH, summary } from '../testing/fixtures';
import { TrainerDocumentsSection } from './trainer-documents-section';

function renderSection() {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>
        <TrainerDocumentsSection trainerId={7} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const event = {
  documentId: 1,
  actor: 'system',
  ip: '10.0.0.1',
  userAgent: 'Phone',
  documentHash: HASH,
  prevHash: HASH,
  entryHash: HASH,
};

describe('trainer documents section', () => {
  it("lists the trainer's documents and opens one's audit trail", async () => {
    mockApi({
      'GET /api/trainers/7/documents': json([
        summary({ id: 1, status: 'signed', signedAt: '2025-03-06T15:30:00Z' }),
      ]),
      'GET /api/documents/1/audit': json([
        { ...event, id: 1, type: 'sent', at: '2025-03-05T14:07:00Z' },
        { ...event, id: 2, type: 'signed', at: '2025-03-06T15:30:00Z' },
      ]),
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: /Trainer Agreement/ }));
    const trail = await screen.findByRole('list', { name: 'Audit trail of document 1' });
    expect(trail).toHaveTextContent(/Sent · Mar 5, 2025/);
    expect(trail).toHaveTextContent(/Signed · Mar 6, 2025/);
    expect(trail).toHaveTextContent('IP 10.0.0.1');
  });

  it('says where the audit chain broke', async () => {
    mockApi({
      'GET /api/trainers/7/documents': json([]),
      'POST /api/documents/audit/verify': json({
        ok: false,
        checked: 12,
        brokenAt: { id: 9, reason: 'entry hash does not match its contents' },
      }),
    });
    const { user } = renderSection();
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify audit chain' }));
    expect(
      await screen.findByText('The audit chain is broken at entry 9: entry hash does not match its contents'),
    ).toBeInTheDocument();
  });
});
