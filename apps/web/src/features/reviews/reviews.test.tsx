import type { AdminReview } from '@soulpunch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/features/admin/testing/fixtures';
import { mockPortalApi, TRAINER_ID } from '@/features/trainer-portal/testing/fixtures';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const TOKEN = 'a'.repeat(43);
const link = {
  classTitle: 'Basic Self-Defense',
  trainerName: 'Maria Garcia',
  date: 'Saturday, May 2, 2026',
  reviewed: false,
  expired: false,
};
const error = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, { status });

describe('the review page', () => {
  it('asks for stars before sending, then sends the stars and the comment once', async () => {
    let sent: unknown;
    const fetchMock = mockApi({
      'POST /api/reviews/link': json(link),
      'POST /api/reviews': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json({ stars: 4, comment: 'Clear and kind.' }, { status: 201 });
      },
    });
    const { user } = renderApp(`/public/review?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate your class' })).toBeInTheDocument();
    expect(
      screen.getByText('"Basic Self-Defense" with Maria Garcia, Saturday, May 2, 2026.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars.');
    expect(requestsMade(fetchMock)).not.toContain('POST /api/reviews');

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText(/Comment/), '  Clear and kind. ');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText(/Your review has been recorded/)).toBeInTheDocument();
    expect(sent).toEqual({ token: TOKEN, stars: 4, comment: 'Clear and kind.' });
  });

  it('says a used link was used, and offers no form', async () => {
    mockApi({ 'POST /api/reviews/link': json({ ...link, reviewed: true }) });
    renderApp(`/public/review?token=${TOKEN}`);
    expect(
      await screen.findByText('You have already rated "Basic Self-Defense". Thank you!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
  });

  it('says a link that is not ours is not valid, and one without a token too', async () => {
    mockApi({ 'POST /api/reviews/link': error(400, 'invalid_review_link', 'This review link is invalid.') });
    renderApp(`/public/review?token=${TOKEN}`);
    expect(await screen.findByText(/This review link is not valid/)).toBeInTheDocument();
  });

  it('says an expired link has expired, and offers no form', async () => {
    mockApi({ 'POST /api/reviews/link': json({ ...link, expired: true }) });
    renderApp(`/public/review?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This review link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Reviews are taken for 30 days after the class/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
  });

  it('says the link has expired when it ran out while the form was open (410)', async () => {
    mockApi({
      'POST /api/reviews/link': json(link),
      'POST /api/reviews': error(410, 'review_link_expired', 'This review link has expired.'),
    });
    const { user } = renderApp(`/public/review?token=${TOKEN}`);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This review link has expired' }),
    ).toBeInTheDocument();
  });

  it('says so when the link was used meanwhile (409)', async () => {
    mockApi({
      'POST /api/reviews/link': json(link),
      'POST /api/reviews': error(409, 'review_link_used', 'This link was used already.'),
    });
    const { user } = renderApp(`/public/review?token=${TOKEN}`);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was used already');
  });
});

const review: AdminReview = {
  id: 3,
  stars: 1,
  comment: 'Call me for a better class!',
  reviewerName: 'Eve',
  classTitle: 'Basic Self-Defense',
  classDate: 'Saturday, May 2, 2026',
  createdAt: '2026-05-03T10:00:00Z',
  featured: false,
  hidden: false,
  hiddenReason: null,
  trainerId: 7,
  trainerName: 'Maria Garcia',
  reviewerEmail: 'eve@example.com',
  history: [],
};

describe('the admin reviews page', () => {
  it('hides a review with a reason, and shows the history', async () => {
    let current = review;
    let sent: unknown;
    mockApi({
      ...adminSession,
      'GET /api/admin/reviews': () => json([current]),
      'POST /api/admin/reviews/3/hide': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        current = {
          ...review,
          hidden: true,
          hiddenReason: 'Advertising',
          history: [
            { action: 'hidden', reason: 'Advertising', by: 'boss@example.com', at: '2026-05-04T10:00:00Z' },
          ],
        };
        return json(current);
      },
    });
    const { user } = renderApp('/admin/reviews');
    const item = await screen.findByRole('listitem', { name: 'Review 3' });
    expect(item).toHaveTextContent('eve@example.com');
    expect(within(item).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute(
      'href',
      '/admin/trainers/7',
    );

    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByText(/Say why/)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/Reason/), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(sent).toEqual({ reason: 'Advertising' });
    const hidden = await screen.findByText(/Hidden by boss@example.com/);
    expect(hidden).toHaveTextContent('Advertising');
    expect(
      within(screen.getByRole('listitem', { name: 'Review 3' })).getByRole('button', { name: 'Show again' }),
    ).toBeInTheDocument();
  });
});

describe("the trainer's reviews on the profile screen", { timeout: 20_000 }, () => {
  it('lists them, says when stars appear, and features one with a comment', async () => {
    const reviews = [
      { ...review, id: 1, stars: 5, comment: 'I feel safer walking home.', reviewerName: 'Ana' },
      { ...review, id: 2, stars: 4, comment: null, reviewerName: 'Bo' },
      { ...review, id: 3, hidden: true, hiddenReason: 'Advertising' },
    ].map(({ trainerId: _t, trainerName: _n, reviewerEmail: _e, history: _h, ...r }) => r);
    let featured = false;
    let sent: unknown;
    mockPortalApi({
      routes: {
        [`GET /api/trainers/${TRAINER_ID}/reviews`]: () =>
          json({ rating: null, reviews: reviews.map((r) => (r.id === 1 ? { ...r, featured } : r)) }),
        [`PUT /api/trainers/${TRAINER_ID}/reviews/1/featured`]: (_url, init) => {
          sent = JSON.parse(String(init?.body));
          featured = true;
          return json({ ...reviews[0], featured });
        },
      },
    });
    const { user } = renderApp('/trainer-portal/profile');
    const card = within(await screen.findByRole('region', { name: 'Reviews' }));
    expect(await card.findByText(/Your profile shows stars once 3 people/)).toBeInTheDocument();
    const items = card.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Only a visible review with a comment can be featured; a hidden one says why it is hidden.
    expect(within(items[1] as HTMLElement).queryByRole('switch')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Why it is hidden: Advertising');
    expect(within(items[2] as HTMLElement).queryByRole('switch')).not.toBeInTheDocument();

    const feature = within(items[0] as HTMLElement).getByRole('switch', {
      name: 'Feature on my public profile',
    });
    expect(feature).not.toBeChecked();
    await user.click(feature);
    expect(sent).toEqual({ featured: true });
    await waitFor(() =>
      expect(card.getByRole('switch', { name: 'Feature on my public profile' })).toBeChecked(),
    );
  });
});
