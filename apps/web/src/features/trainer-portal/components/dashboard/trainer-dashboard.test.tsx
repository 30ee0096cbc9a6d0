import { notifications } from '@mantine/notifications';
import { formatUsd, RENEWAL_FEE, RENEWAL_REQUIREMENT_LABELS } from '@soulpunch/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  certificationFixture,
  certificationRoute,
  mockPortalApi,
  onboardingRoute,
  profileFixture,
} from '../../testing/fixtures';

function stepRow(label: string): HTMLElement {
  const row = screen.getByText(label).closest('li');
  if (!row) throw new Error(`no checklist row for ${label}`);
  return row;
}

async function openDashboard() {
  const view = renderApp('/trainer-portal/dashboard');
  await screen.findByText('Welcome back, Tina Trainer!');
  return view;
}

describe('trainer dashboard: welcome and certification', { timeout: 20_000 }, () => {
  it('shows the location, the training date and the affiliate link from the profile', async () => {
    mockPortalApi({
      profile: profileFixture({
        city: 'Tulsa',
        state: 'OK',
        trainingDate: '2024-03-05',
        affiliateLink: 'https://soulpunch.example/shop?aff=tina7',
        hasAffiliateLink: true,
      }),
    });
    renderApp('/trainer-portal/dashboard');

    expect(await screen.findByText('Loading your profile...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Tina Trainer!')).toBeInTheDocument();
    expect(screen.getByText('Certified Trainer')).toBeInTheDocument();
    expect(screen.getByText('Tulsa, OK')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('tina7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://soulpunch.example/shop?aff=tina7' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it("says 'Location not set' and 'Not set' when the profile has none of it", async () => {
    mockPortalApi();
    await openDashboard();

    expect(screen.getByText('Location not set')).toBeInTheDocument();
    expect(screen.getAllByText('Not set')).toHaveLength(3);
  });

  it('shows the profile picture and falls back to the initials when it fails to load', async () => {
    mockPortalApi({ profile: profileFixture({ profilePicture: '/api/pictures/tina.webp' }) });
    await openDashboard();

    const picture = screen.getByRole('img', { name: 'Profile picture of Tina Trainer' });
    expect(picture).toHaveAttribute('src', '/api/pictures/tina.webp');
    fireEvent.error(picture);
    expect(await screen.findByText('TT')).toBeInTheDocument();
  });
});

describe('trainer dashboard: onboarding checklist', { timeout: 20_000 }, () => {
  it('shows the progress of 8 steps and the three account steps as status, not buttons', async () => {
    mockPortalApi({
      checklist: { paymentCompleted: true, documentsSigned: false, marked: ['whatsapp_access'] },
    });
    await openDashboard();

    expect(await screen.findByText('38% Complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    const list = screen.getByRole('list', { name: 'Onboarding checklist' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(within(stepRow('Account Created')).getByText('Complete')).toBeInTheDocument();
    expect(within(stepRow('Payment Completed')).getByText('Complete')).toBeInTheDocument();
    expect(within(stepRow('Documents Signed')).getByText('Pending')).toBeInTheDocument();
    for (const label of ['Account Created', 'Payment Completed', 'Documents Signed']) {
      expect(within(stepRow(label)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(within(stepRow('WhatsApp Access')).getByRole('button', { name: 'Completed' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mark Complete' })).toHaveLength(4);
  });

  it('shows the material steps as status until the program is paid', async () => {
    mockPortalApi({ checklist: { paymentCompleted: false } });
    await openDashboard();
    await screen.findByText('13% Complete');

    for (const label of ['Video Library Access', 'Trainer Drive Access']) {
      expect(within(stepRow(label)).getByText('Pending')).toBeInTheDocument();
      expect(within(stepRow(label)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Mark Complete' })).toHaveLength(3);
  });

  it('marks a step complete and reopens it, with a toast each time', async () => {
    const fetchMock = mockPortalApi();
    const view = await openDashboard();
    await screen.findByText('25% Complete');

    await view.user.click(
      within(stepRow('Video Library Access')).getByRole('button', { name: 'Mark Complete' }),
    );

    expect(await screen.findByText('Step completed')).toBeInTheDocument();
    expect(screen.getByText('Video Library Access marked as complete.')).toBeInTheDocument();
    expect(await screen.findByText('38% Complete')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === `${onboardingRoute}/video_library_access`);
    expect(put?.[1]?.method).toBe('PUT');
    expect(put?.[1]?.body).toBe('{"completed":true}');

    // One toast shows at a time (spec 9); the next waits for it to close.
    act(() => notifications.clean());
    await view.user.click(within(stepRow('Video Library Access')).getByRole('button', { name: 'Completed' }));

    expect(await screen.findByText('Step reopened')).toBeInTheDocument();
    expect(await screen.findByText('25% Complete')).toBeInTheDocument();
    expect(
      within(stepRow('Video Library Access')).getByRole('button', { name: 'Mark Complete' }),
    ).toBeInTheDocument();
  });

  it('replaces the list with the completion message at 8 of 8', async () => {
    mockPortalApi({
      checklist: {
        paymentCompleted: true,
        documentsSigned: true,
        marked: [
          'video_library_access',
          'trainer_drive_access',
          'whatsapp_access',
          'facebook_group_access',
          'weekly_training_access',
        ],
      },
    });
    await openDashboard();

    expect(await screen.findByText('Onboarding Complete!')).toBeInTheDocument();
    expect(
      screen.getByText('Welcome to the Soul Punch trainer community! You have full access to all resources.'),
    ).toBeInTheDocument();
    expect(screen.getByText('100% Complete')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Onboarding checklist' })).not.toBeInTheDocument();
  });
});

describe('trainer dashboard: resources', { timeout: 20_000 }, () => {
  // Links open in a new tab; jsdom would try to navigate the test page instead.
  function keepPageInPlace() {
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);
    return () => document.removeEventListener('click', stop);
  }

  it('lists the categories as cards, the upcoming training and the schedule', async () => {
    mockPortalApi();
    await openDashboard();

    expect(await screen.findByRole('heading', { name: 'Training Resources' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Essential Access' })).toBeInTheDocument();
    const analytics = screen.getByRole('region', { name: 'Analytics & Tracking' });
    expect(within(analytics).getByText('Coming Soon')).toBeInTheDocument();
    // Announced, not opened: no live link under 'Coming Soon'.
    expect(within(analytics).queryByRole('link')).not.toBeInTheDocument();
    expect(within(analytics).getByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const open = screen.getAllByRole('link', { name: 'Open Resource' });
    expect(open).toHaveLength(2);
    expect(open[0]).toHaveAttribute('target', '_blank');
    expect(open[0]).toHaveAttribute('rel', 'noopener noreferrer');

    expect(screen.getByRole('heading', { name: 'Upcoming Training' })).toBeInTheDocument();
    expect(screen.getByText('Train the Trainer')).toBeInTheDocument();
    // The place and the dates with their year (past sessions never reach the dashboard).
    expect(screen.getByText('Tulsa, OK · July 25–27, 2030')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Train the Trainer' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Master Weekly Trainings Schedule' })).toHaveAttribute(
      'href',
      'https://trainers.soulpunch.example/r/31',
    );
  });

  it("toasts 'Link Opened' on the first open only and marks the resource visited", async () => {
    const fetchMock = mockPortalApi();
    const view = await openDashboard();
    const release = keepPageInPlace();
    try {
      const card = (await screen.findByRole('heading', { name: 'Self-Defense Video Library' })).closest(
        '.mantine-Card-root',
      ) as HTMLElement;
      expect(within(card).queryByText('Visited')).not.toBeInTheDocument();

      await view.user.click(within(card).getByRole('link', { name: 'Open Resource' }));

      expect(await screen.findByText('Link Opened')).toBeInTheDocument();
      expect(screen.getByText("You've opened Self-Defense Video Library in a new tab.")).toBeInTheDocument();
      expect(await within(card).findByText('Visited')).toBeInTheDocument();

      act(() => notifications.clean());
      await view.user.click(within(card).getByRole('link', { name: 'Open Resource' }));

      await waitFor(() =>
        expect(requestsMade(fetchMock).filter((r) => r === 'POST /api/resources/1/visits')).toHaveLength(2),
      );
      await waitFor(() => expect(screen.queryByText('Link Opened')).not.toBeInTheDocument());
      expect(within(card).getByText('Visited')).toBeInTheDocument();
    } finally {
      release();
    }
  });

  it("ticks the step of a resource on its first opening: 'WhatsApp Community' completes 'WhatsApp Access'", async () => {
    mockPortalApi();
    const view = await openDashboard();
    const release = keepPageInPlace();
    try {
      await screen.findByText('25% Complete');
      expect(
        within(stepRow('WhatsApp Access')).getByRole('button', { name: 'Mark Complete' }),
      ).toBeInTheDocument();
      const card = (await screen.findByRole('heading', { name: 'WhatsApp Community' })).closest(
        '.mantine-Card-root',
      ) as HTMLElement;

      await view.user.click(within(card).getByRole('link', { name: 'Open Resource' }));

      expect(
        await within(stepRow('WhatsApp Access')).findByRole('button', { name: 'Completed' }),
      ).toBeInTheDocument();
      expect(screen.getByText('38% Complete')).toBeInTheDocument();
    } finally {
      release();
    }
  });
});

describe('trainer dashboard: the certificate and its renewal', { timeout: 20_000 }, () => {
  const issued = {
    certificateNumber: 'SP-1A2B-3C4D-5E6F-7A8B',
    issuedOn: '2024-03-05',
    expiresOn: '2026-03-05',
    renewal: {
      requirements: [
        { key: 'refresher' as const, label: 'A refresher training session attended', met: true },
      ],
      nextExpiresOn: '2028-03-05',
      canRenew: true,
      feeCents: null,
      canPayFee: false,
    },
  };

  it('shows a certified trainer the number and expiry, and no renewal before it is due', async () => {
    mockPortalApi({ certification: certificationFixture({ ...issued, status: 'certified', daysLeft: 400 }) });
    await openDashboard();
    const card = within(await screen.findByRole('region', { name: 'Certificate' }));
    expect(card.getByText('Certified')).toBeInTheDocument();
    expect(card.getByText('SP-1A2B-3C4D-5E6F-7A8B')).toBeInTheDocument();
    expect(card.getByText('March 5, 2026')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Renew Certification' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your certification (has lapsed|renewal is due)/)).not.toBeInTheDocument();
  });

  it('says renewal is due, lists what it requires and renews from the old expiry', async () => {
    const renewed = certificationFixture({ ...issued, status: 'certified', expiresOn: '2028-03-05' });
    const fetchMock = mockPortalApi({
      certification: certificationFixture({ ...issued, status: 'renewal_due', daysLeft: 30 }),
      routes: { [`POST ${certificationRoute}/renewal`]: json({ renewed: true, certification: renewed }) },
    });
    const view = await openDashboard();
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Your certification renewal is due')).toBeInTheDocument();
    expect(alert.getByText(/expires on March 5, 2026 \(in 30 days\)/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'What renewal requires' })).toHaveTextContent(
      'A refresher training session attended: done',
    );
    expect(screen.getByText(/valid through March 5, 2028/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Renew Certification' }));
    expect(await screen.findByText('Valid through March 5, 2028')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`POST ${certificationRoute}/renewal`);
  });

  it('offers the renewal fee at the provider once the rest is met, in place of Renew', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fee = { key: 'fee' as const, label: RENEWAL_REQUIREMENT_LABELS.fee, met: false };
    const amount = formatUsd(RENEWAL_FEE.amountCents);
    const refresher = {
      key: 'refresher' as const,
      label: 'A refresher training session attended',
      met: false,
    };
    const due = (met: boolean) =>
      certificationFixture({
        ...issued,
        status: 'renewal_due',
        daysLeft: 30,
        renewal: {
          requirements: [{ ...refresher, met }, fee],
          nextExpiresOn: '2028-03-05',
          canRenew: false,
          feeCents: RENEWAL_FEE.amountCents,
          canPayFee: met,
        },
      });
    mockPortalApi({ certification: due(false) });
    const first = await openDashboard();
    expect(
      await screen.findByText(`Once the rest is done, pay the renewal fee of ${amount} to renew.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Renewal Fee' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Renew Certification' })).not.toBeInTheDocument();
    first.unmount();

    const fetchMock = mockPortalApi({
      certification: due(true),
      routes: {
        [`POST ${certificationRoute}/renewal/checkout`]: json({
          checkoutUrl: '/test-checkout/cs_test_renewal123',
        }),
      },
    });
    const view = await openDashboard();
    expect(
      await screen.findByText(`Paying the renewal fee of ${amount} renews your certificate at once.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'What renewal requires' })).toHaveTextContent(
      `${RENEWAL_REQUIREMENT_LABELS.fee}: not yet`,
    );
    await view.user.click(screen.getByRole('button', { name: 'Pay Renewal Fee' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/test-checkout/cs_test_renewal123'));
    expect(requestsMade(fetchMock)).toContain(`POST ${certificationRoute}/renewal/checkout`);
  });

  it('says a lapsed certification has lapsed, and keeps Renew off while a requirement is not met', async () => {
    mockPortalApi({
      certification: certificationFixture({
        ...issued,
        status: 'lapsed',
        daysLeft: -3,
        renewal: {
          requirements: [{ key: 'refresher', label: 'A refresher training session attended', met: false }],
          nextExpiresOn: '2028-03-05',
          canRenew: false,
          feeCents: null,
          canPayFee: false,
        },
      }),
    });
    await openDashboard();
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Your certification has lapsed')).toBeInTheDocument();
    expect(alert.getByText(/expired on March 5, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew Certification' })).toBeDisabled();
  });
});
