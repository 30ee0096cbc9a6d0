import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { adminSession, listAnswer, listItem } from '../../testing/fixtures';

/** An open document as the stats list them (only what the card reads matters here). */
const summaryOf = (id: number, trainerId: number) => ({ id, trainerId, trainerName: `Trainer ${trainerId}` });

const stats = {
  trainerCount: 40,
  byOnboardingStatus: { payment_pending: 9, documents_pending: 11, completed: 20 },
  byPaymentStatus: { pending: 7, completed: 31, failed: 2 },
  byBand: { High: 12, Medium: 10, Low: 8, 'Very Low': 10 },
  pendingDocuments: [],
  awaitingDocuments: [],
  awaitingDocumentsTotal: 0,
  pendingDocumentsElsewhere: 0,
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
    expect(screen.getByRole('heading', { name: 'Documents Pending' })).toBeInTheDocument();
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

  it('names the trainers the Documents Pending count counts, with what each has left to sign', async () => {
    const document = (
      id: number,
      type: 'trainer_agreement' | 'nda' | 'liability_waiver',
      status: string,
    ) => ({
      id,
      type,
      title: {
        trainer_agreement: 'Trainer Agreement',
        nda: 'Non-Disclosure Agreement',
        liability_waiver: 'Liability Waiver',
      }[type],
      status,
    });
    mockApi({
      ...adminSession,
      'GET /api/dashboard/stats': json({
        ...stats,
        byOnboardingStatus: { ...stats.byOnboardingStatus, documents_pending: 2 },
        awaitingDocumentsTotal: 2,
        pendingDocumentsElsewhere: 1,
        awaitingDocuments: [
          { trainerId: 42, trainerName: 'Dana Diaz', documents: [] },
          {
            trainerId: 7,
            trainerName: 'Tina Trainer',
            documents: [
              document(1, 'trainer_agreement', 'sent'),
              document(2, 'nda', 'signed'),
              document(3, 'liability_waiver', 'expired'),
            ],
          },
        ],
        // Tina's two open documents, and one of a trainer who has not paid yet.
        pendingDocuments: [
          { ...summaryOf(1, 7), status: 'sent' },
          { ...summaryOf(9, 12), status: 'sent' },
        ],
      }),
    });
    renderApp('/admin');

    const card = (await screen.findByRole('heading', { name: 'Documents Pending' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      within(card).getByText('2 trainers have documents to sign before onboarding is complete.'),
    ).toBeInTheDocument();
    const rows = within(
      within(card).getByRole('list', { name: 'Trainers with documents to sign' }),
    ).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Dana DiazNo documents sent yet',
      'Tina Trainer1 of 3 signed · waiting: Trainer Agreement (sent), Liability Waiver (expired)',
    ]);
    expect(within(card).getByRole('link', { name: 'Tina Trainer' })).toHaveAttribute(
      'href',
      '/admin/trainers/7',
    );
    expect(
      within(card).getByText(/1 document awaits the signature of trainers at other stages/),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All documents' })).toHaveAttribute(
      'href',
      '/admin/documents',
    );
    expect(screen.queryByText(/Trainer ID/)).not.toBeInTheDocument();
    expect(screen.queryByText('No pending documents')).not.toBeInTheDocument();
  });

  it('names the ten trainers the server sends and leaves the rest to the filtered trainer list', async () => {
    const awaitingDocuments = Array.from({ length: 10 }, (_, i) => ({
      trainerId: i + 1,
      trainerName: `Trainer ${String(i + 1).padStart(2, '0')}`,
      documents: [],
    }));
    mockApi({
      ...adminSession,
      'GET /api/dashboard/stats': json({
        ...stats,
        byOnboardingStatus: { ...stats.byOnboardingStatus, documents_pending: 12_345 },
        awaitingDocumentsTotal: 12_345,
        awaitingDocuments,
      }),
    });
    renderApp('/admin');

    const list = await screen.findByRole('list', { name: 'Trainers with documents to sign' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(
      screen.getByRole('link', { name: 'View all 12,345 trainers with documents pending' }),
    ).toHaveAttribute('href', '/admin/trainers?onboardingStatus=documents_pending');
  });

  it('gives the admin, who lands here, the way to the public site and to enrolment', async () => {
    mockApi({ ...adminSession, 'GET /api/dashboard/stats': json(stats) });
    renderApp('/admin');

    const nav = await screen.findByRole('navigation', { name: 'Public site' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Public site', '/public'],
      ['Enrolment checkout', '/onboarding/checkout'],
    ]);
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
