import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { adminSession, listAnswer, listItem } from '../../testing/fixtures';

const stats = {
  trainerCount: 40,
  byOnboardingStatus: { payment_pending: 9, documents_pending: 11, completed: 20 },
  byPaymentStatus: { pending: 7, completed: 31, failed: 2 },
  byBand: { High: 12, Medium: 10, Low: 8, 'Very Low': 10 },
  pendingDocuments: [],
};

describe('admin dashboard', () => {
  it('shows the total and the counts, each linking to the filtered trainer list', async () => {
    mockApi({ ...adminSession, 'GET /api/dashboard/stats': json(stats) });
    renderApp('/admin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trainer Onboarding Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('40')).toBeInTheDocument();

    const links = (title: string) => {
      const card = screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
      return within(card)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    };
    expect(links('Onboarding Status')).toEqual([
      ['Payment Pending9(23%)', '/admin/trainers?onboardingStatus=payment_pending'],
      ['Documents Pending11(28%)', '/admin/trainers?onboardingStatus=documents_pending'],
      ['Onboarding Complete20(50%)', '/admin/trainers?onboardingStatus=completed'],
    ]);
    expect(links('Payment Status')).toEqual([
      ['Pending7(18%)', '/admin/trainers?paymentStatus=pending'],
      ['Completed31(78%)', '/admin/trainers?paymentStatus=completed'],
      ['Past Due0(0%)', '/admin/trainers?paymentStatus=past_due'],
      ['Failed2(5%)', '/admin/trainers?paymentStatus=failed'],
      ['Refunded0(0%)', '/admin/trainers?paymentStatus=refunded'],
      ['Disputed0(0%)', '/admin/trainers?paymentStatus=disputed'],
    ]);
    expect(links('Overall Progress')).toEqual([
      ['High12(30%)', '/admin/trainers?band=High'],
      ['Medium10(25%)', '/admin/trainers?band=Medium'],
      ['Low8(20%)', '/admin/trainers?band=Low'],
      ['Very Low10(25%)', '/admin/trainers?band=Very%20Low'],
    ]);
    expect(screen.getByRole('heading', { name: 'Pending Documents' })).toBeInTheDocument();
    expect(screen.getByText('No pending documents')).toBeInTheDocument();
  });

  it('opens the trainer list filtered by the count that was clicked', async () => {
    mockApi({
      ...adminSession,
      'GET /api/dashboard/stats': json(stats),
      'GET /api/trainers?band=Very%20Low&limit=50&offset=0': listAnswer([listItem()], 10),
    });
    const view = renderApp('/admin');

    await view.user.click(await screen.findByRole('link', { name: /^Very Low/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Portal' })).toBeInTheDocument();
    expect(await screen.findByText('Progress: Very Low')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Jasmine Carter' })).toBeInTheDocument();
  });

  it('lists pending documents when there are some', async () => {
    mockApi({
      ...adminSession,
      'GET /api/dashboard/stats': json({
        ...stats,
        pendingDocuments: [{ id: 3, type: 'nda', trainerId: 7, status: 'sent' }],
      }),
    });
    renderApp('/admin');

    expect(await screen.findByText('Non-Disclosure Agreement · Trainer ID: 7 · sent')).toBeInTheDocument();
    expect(screen.queryByText('No pending documents')).not.toBeInTheDocument();
  });

  it('shows a spinner while the counts load', async () => {
    mockApi({ ...adminSession, 'GET /api/dashboard/stats': pending });
    renderApp('/admin');
    expect(await screen.findByLabelText('Loading dashboard')).toBeInTheDocument();
  });

  it('shows an error view when the counts cannot be loaded', async () => {
    mockApi({
      ...adminSession,
      'GET /api/dashboard/stats': json(
        { error: { code: 'internal', message: 'Server error' } },
        { status: 500 },
      ),
    });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(screen.getByText('Server error')).toBeInTheDocument();
  });
});
