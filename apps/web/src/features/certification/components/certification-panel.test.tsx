import type { CertificationView } from '@soulpunch/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { CertificationPanel } from './certification-panel';

function renderPanel() {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>
        <CertificationPanel trainerId={7} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const view = (overrides: Partial<CertificationView> = {}): CertificationView => ({
  status: 'in_training',
  certificateNumber: null,
  issuedOn: null,
  expiresOn: null,
  daysLeft: null,
  insurancePaused: false,
  lastReminder: null,
  renewal: { requirements: [], nextExpiresOn: null, canRenew: false, feeCents: null, canPayFee: false },
  issuance: { paid: true, signed: true, trainingCompleted: false },
  history: [],
  ...overrides,
});

const issued = view({
  status: 'certified',
  certificateNumber: 'SP-1A2B-3C4D-5E6F-7A8B',
  issuedOn: '2026-03-10',
  expiresOn: '2028-03-10',
  history: [
    {
      action: 'issued',
      fromStatus: 'in_training',
      toStatus: 'certified',
      expiresOn: '2028-03-10',
      reason: 'Completed Train the Trainer',
      by: 'Bea Boss',
      at: '2026-03-10T15:00:00Z',
    },
  ],
});

describe('the admin certificate panel', () => {
  it('says what issuing still needs, issues with a reason and shows the number and history', async () => {
    // As the server does: after the issue, the record reads issued.
    let current = view();
    const fetchMock = mockApi({
      'GET /api/trainers/7/certification-record': () => json(current),
      'GET /api/trainers/7/insurance': json({ required: false, policy: null }),
      'POST /api/trainers/7/certification-record/issue': () => {
        current = issued;
        return json(issued);
      },
    });
    const { user } = renderPanel();
    const panel = within(await screen.findByRole('region', { name: 'Certificate' }));
    expect(await panel.findByText(/training session completed \(not yet\)/)).toBeInTheDocument();
    expect(panel.getByText('In training')).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Issue Certificate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue Certificate' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Completed Train the Trainer');
    await user.click(dialog.getByRole('button', { name: 'Issue Certificate' }));

    expect(await panel.findByText('Certificate number: SP-1A2B-3C4D-5E6F-7A8B')).toBeInTheDocument();
    expect(panel.getByText('Valid through: March 10, 2028')).toBeInTheDocument();
    expect(panel.getByRole('list', { name: 'Certification history' })).toHaveTextContent(
      'Issued (Certified)',
    );
    expect(panel.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /api/trainers/7/certification-record/issue');
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/issue'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ reason: 'Completed Train the Trainer' });
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    mockApi({
      'GET /api/trainers/7/certification-record': json(view()),
      'GET /api/trainers/7/insurance': json({ required: false, policy: null }),
      'POST /api/trainers/7/certification-record/issue': json(
        {
          error: {
            code: 'training_not_completed',
            message: 'The trainer has not completed a training session yet.',
          },
        },
        { status: 409 },
      ),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Issue Certificate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue Certificate' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Trying anyway');
    await user.click(dialog.getByRole('button', { name: 'Issue Certificate' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('has not completed a training session');
  });

  it('offers Reinstate and Revoke for a suspended certificate, nothing for a revoked one', async () => {
    mockApi({
      'GET /api/trainers/7/certification-record': json({ ...issued, status: 'suspended' }),
      'GET /api/trainers/7/insurance': json({ required: false, policy: null }),
    });
    renderPanel();
    const panel = within(await screen.findByRole('region', { name: 'Certificate' }));
    expect(await panel.findByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('offers the sealed PDF while the certificate is valid, not once it is suspended', async () => {
    mockApi({
      'GET /api/trainers/7/certification-record': json({ ...issued, daysLeft: 700 }),
      'GET /api/trainers/7/insurance': json({ required: false, policy: null }),
    });
    const { unmount } = render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <MemoryRouter>
          <CertificationPanel trainerId={7} />
        </MemoryRouter>
      </AppProviders>,
    );
    const download = await screen.findByRole('link', { name: 'Download Certificate (PDF)' });
    expect(download).toHaveAttribute('href', '/api/trainers/7/certificate.pdf');
    expect(screen.getByRole('link', { name: 'public verify page' })).toHaveAttribute(
      'href',
      '/verify/SP-1A2B-3C4D-5E6F-7A8B',
    );
    unmount();

    mockApi({
      'GET /api/trainers/7/certification-record': json({ ...issued, daysLeft: 700, status: 'suspended' }),
      'GET /api/trainers/7/insurance': json({ required: false, policy: null }),
    });
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download Certificate (PDF)' })).not.toBeInTheDocument();
  });
});
