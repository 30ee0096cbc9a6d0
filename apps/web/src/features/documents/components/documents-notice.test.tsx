import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/mock-api';
import { summary } from '../testing/fixtures';
import { DocumentsNotice } from './documents-notice';

function renderNotice() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>
        <DocumentsNotice trainerId={7} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('documents notice on the trainer dashboard', () => {
  it('links the documents waiting for a signature and says why the trainer is not listed', async () => {
    mockApi({
      'GET /api/trainers/7/documents': json([
        summary({ id: 1, status: 'signed' }),
        summary({ id: 3, type: 'liability_waiver', title: 'Liability Waiver', status: 'sent' }),
      ]),
      'GET /api/trainers/7/standing': json({
        listed: false,
        reasons: ['Your Liability Waiver is not signed yet.'],
      }),
    });
    renderNotice();
    expect(await screen.findByRole('link', { name: 'Liability Waiver' })).toHaveAttribute(
      'href',
      '/trainer-portal/documents/3',
    );
    expect(screen.getByText('One document waits for your signature.')).toBeInTheDocument();
    expect(await screen.findByText('Why you are not in the directory')).toBeInTheDocument();
    expect(screen.getByText('Your Liability Waiver is not signed yet.')).toBeInTheDocument();
  });

  it('shows nothing when everything is signed and the trainer is listed', async () => {
    const fetchMock = mockApi({
      'GET /api/trainers/7/documents': json([summary({ status: 'signed' })]),
      'GET /api/trainers/7/standing': json({ listed: true, reasons: [] }),
    });
    const { container } = renderNotice();
    // Both answers arrive before looking, so an empty page means 'nothing to say', not 'still loading'.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('[role="alert"], .mantine-Alert-root')).toBeNull();
  });
});
