import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { publicClass, publicTrainer } from './testing/public-trainer';

const maria = publicTrainer({
  id: 5,
  publicBio: 'Martial artist and mother of two.',
  specializations: ['Teen Safety'],
  classTypes: ['Corporate Training'],
  experienceDescription: 'Master Trainer (5+ years)',
  availabilityDescription: 'Evenings & Weekends',
  facebook: 'https://www.facebook.com/maria',
  publicEmail: 'maria@example.com',
  publicPhone: '(303) 555-0100',
  displayContact: 'maria@example.com',
  affiliateLink: 'https://soulpunch.example/shop?aff=maria5',
  rating: { mean: 4.7, count: 3 },
  testimonials: [
    {
      id: 9,
      stars: 5,
      comment: 'I feel safer walking home.',
      reviewerName: 'Ana',
      classTitle: 'Basic Self-Defense',
      date: 'Saturday, May 2, 2026',
    },
  ],
  certifiedThrough: '2028-03-01',
});

describe('public trainer profile', () => {
  it('shows a spinner while the trainer loads', () => {
    mockApi({ 'GET /api/public-trainers/5': pending });
    renderApp('/trainer/5');
    expect(screen.getByLabelText('Loading trainer')).toBeInTheDocument();
  });

  it("shows the trainer's public profile", async () => {
    mockApi({ 'GET /api/public-trainers/5': json(maria) });
    renderApp('/trainer/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Maria Garcia, Certified Self-Defense Trainer in Denver, CO | Soul Punch'),
    );
    expect(screen.getByText('Denver, CO')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5 stars from 3 reviews' })).toBeInTheDocument();
    const said = within(screen.getByRole('region', { name: 'What students say' }));
    expect(said.getByText(/I feel safer walking home./)).toBeInTheDocument();
    expect(said.getByText(/Ana, Basic Self-Defense/)).toBeInTheDocument();
    // The certificate's expiry, by month (issue 26): 'Certified through <month year>'.
    expect(screen.getByText('Certified through March 2028')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maria Garcia on Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/maria',
    );
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByText('Martial artist and mother of two.')).toBeInTheDocument();
    expect(screen.getByText('Teen Safety')).toBeInTheDocument();
    expect(screen.getByText('Corporate Training')).toBeInTheDocument();
    expect(screen.getByText('Master Trainer (5+ years)')).toBeInTheDocument();
    expect(screen.getByText('Evenings & Weekends')).toBeInTheDocument();

    const contact = within(screen.getByRole('region', { name: 'Contact Information' }));
    expect(contact.getByRole('link', { name: 'maria@example.com' })).toHaveAttribute(
      'href',
      'mailto:maria@example.com',
    );
    expect(contact.getByRole('link', { name: '(303) 555-0100' })).toHaveAttribute('href', 'tel:3035550100');

    expect(screen.getByText('No Classes Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Soul DefendHER 2.0' })).toHaveAttribute(
      'href',
      'https://soulpunch.example/shop?aff=maria5',
    );
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:maria@example.com?subject=Soul%20Punch%20Training%20Inquiry',
    );
    expect(screen.getByRole('link', { name: 'Find Other Trainers' })).toHaveAttribute(
      'href',
      '/find-trainer',
    );
  });

  it('hides e-mail and phone the trainer did not make public', async () => {
    mockApi({ 'GET /api/public-trainers/6': json(publicTrainer({ id: 6 })) });
    const { user } = renderApp('/public/trainer/6');

    const contact = within(await screen.findByRole('region', { name: 'Contact Information' }));
    expect(contact.getByText('Contact this trainer via the Soul Punch website.')).toBeInTheDocument();
    expect(contact.queryByRole('link')).not.toBeInTheDocument();
    // Fewer than three reviews: no stars at all, and no testimonials section.
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What students say' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy Soul DefendHER 2.0' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Other Trainers' })).toHaveAttribute(
      'href',
      '/public/find-trainer',
    );

    await user.click(screen.getByRole('button', { name: 'Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Maria Garcia' });
    expect(within(dialog).getByText('Contact this trainer via the Soul Punch website.')).toBeInTheDocument();
  });

  it('lists upcoming classes, each linked to its class page, with their Register Now links', async () => {
    const withClasses = publicTrainer({
      id: 7,
      upcomingClasses: [publicClass(1), publicClass(2, { paymentLink: null })],
    });
    mockApi({ 'GET /api/public-trainers/7': json(withClasses) });
    renderApp('/trainer/7');

    const classes = within(await screen.findByRole('region', { name: 'Upcoming Classes' }));
    expect(classes.getByRole('heading', { name: 'Basic Self-Defense 1' })).toBeInTheDocument();
    expect(classes.getByText('Thu, Jul 11, 2030 · 2:00 PM - 4:00 PM')).toBeInTheDocument();
    expect(classes.getAllByText('$75')).toHaveLength(2);
    const register = classes.getAllByRole('link', { name: 'Register Now' });
    expect(register).toHaveLength(1);
    expect(register[0]).toHaveAttribute('href', 'https://pay.example/class-1');
    expect(register[0]).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('No Classes Scheduled')).not.toBeInTheDocument();
    // Every class leads to its page (places, waitlist), with or without a payment link.
    expect(classes.getByRole('link', { name: 'Basic Self-Defense 2' })).toHaveAttribute(
      'href',
      '/public/class/2',
    );
    expect(classes.getByRole('link', { name: 'Class Details: Basic Self-Defense 1' })).toHaveAttribute(
      'href',
      '/public/class/1',
    );
    // A calendar app can follow this trainer's classes.
    expect(classes.getByRole('link', { name: "Subscribe to this trainer's classes" })).toHaveAttribute(
      'href',
      '/api/calendar/trainers/7.ics',
    );
  });

  it('explains when the trainer cannot be loaded', async () => {
    mockApi({
      'GET /api/public-trainers/99': json(
        { error: { code: 'not_found', message: 'Trainer not found' } },
        { status: 404 },
      ),
    });
    renderApp('/public/trainer/99');

    expect(await screen.findByRole('heading', { name: 'Error Loading Trainer' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We couldn't load this trainer's information. Please try again or contact Soul Punch directly.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trainer Directory' })).toHaveAttribute(
      'href',
      '/public/find-trainer',
    );
  });

  it('does not ask the server about an address that holds no trainer id', () => {
    const fetchMock = mockApi({});
    renderApp('/trainer/not-a-number');

    expect(screen.getByRole('heading', { name: 'Error Loading Trainer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trainer Directory' })).toHaveAttribute(
      'href',
      '/find-trainer',
    );
    expect(requestsMade(fetchMock)).toEqual([]);
  });
});
