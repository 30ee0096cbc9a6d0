import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { classSummary } from '../testing/class-summary';

/** Pasted in one go: typing is debounced, and a slow keystroke would ask the server for each prefix. */
async function typeAtOnce(user: ReturnType<typeof renderApp>['user'], input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const listed = (body: unknown, total?: number) =>
  json(body, total === undefined ? {} : { headers: { 'X-Total-Count': String(total) } });

const krav = classSummary({
  id: 3,
  title: 'Krav Maga Basics',
  trainerName: 'Maria Garcia',
  location: 'YMCA, Denver, CO',
  address: '25 Main St',
  date: '2030-07-20',
  price: 0,
  capacity: 12,
  spotsLeft: 4,
  type: 'workshop',
  tags: ['women', 'beginners'],
});
const full = classSummary({
  id: 4,
  title: 'Corporate Safety',
  date: '2030-07-22',
  spotsLeft: 0,
  type: 'corporate',
});

describe('public classes', { timeout: 20_000 }, () => {
  it('lists the upcoming classes as cards', async () => {
    mockApi({ 'GET /api/classes?limit=12': listed([krav, full], 2) });
    renderApp('/public/classes');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upcoming Classes & Workshops' }),
    ).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Krav Maga Basics' }));
    expect(card.getByText('Workshop')).toBeInTheDocument();
    expect(card.getByText('with Maria Garcia')).toBeInTheDocument();
    expect(card.getByText('YMCA, Denver, CO')).toBeInTheDocument();
    expect(card.getByText('25 Main St')).toBeInTheDocument();
    expect(card.getByText('Saturday, July 20, 2030')).toBeInTheDocument();
    expect(card.getByText('2:00 PM - 4:00 PM CDT')).toBeInTheDocument();
    expect(card.getByText('4 spots left')).toBeInTheDocument();
    expect(card.getByText(/Capacity 12/)).toBeInTheDocument();
    expect(card.getByText('women')).toBeInTheDocument();
    expect(card.getByText('Free')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/public/class/3');

    const fullCard = within(screen.getByRole('article', { name: 'Corporate Safety' }));
    expect(fullCard.getByText('Full — join the waitlist')).toBeInTheDocument();
    expect(fullCard.getByText('$75')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/public');
    const footer = within(screen.getByRole('navigation', { name: 'Classes footer' }));
    expect(footer.getByRole('link', { name: 'Trainer Login' })).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
    expect(screen.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute(
      'href',
      '/api/calendar/classes.ics',
    );
  });

  it('sends the search, location and class type to the server', async () => {
    const fetchMock = mockApi({
      'GET /api/classes?limit=12': listed([krav, full]),
      'GET /api/classes?q=krav&limit=12': listed([krav]),
      'GET /api/classes?q=krav&location=Denver&limit=12': listed([krav]),
      'GET /api/classes?q=krav&location=Denver&type=workshop&limit=12': listed([krav]),
    });
    const { user } = renderApp('/classes');

    await screen.findByRole('article', { name: 'Corporate Safety' });
    // Issue #14: home for a visitor is the landing page, as on /public/classes, never the trainer login.
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/public');
    // The brand header the other visitor pages have.
    const header = within(screen.getByRole('navigation', { name: 'Visitor' }));
    expect(header.getByRole('link', { name: 'Find a Trainer' })).toHaveAttribute('href', '/find-trainer');
    await typeAtOnce(user, screen.getByLabelText('Search'), 'krav');
    await typeAtOnce(user, screen.getByLabelText('Location'), 'Denver');
    // Typing is debounced; the type select answers at once.
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain('GET /api/classes?q=krav&location=Denver&limit=12'),
    );
    await user.selectOptions(screen.getByLabelText('Class type'), 'workshop');

    expect(
      await screen.findByText(
        (_, el) => el?.getAttribute('role') === 'status' && el.textContent === '1 class',
      ),
    ).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(
      'GET /api/classes?q=krav&location=Denver&type=workshop&limit=12',
    );
    expect(screen.queryByRole('article', { name: 'Corporate Safety' })).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Class type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All class types', 'Group', 'Workshop', 'Private', 'Corporate', 'Series']);
  });

  it('groups the classes by date in the calendar view', async () => {
    mockApi({ 'GET /api/classes?limit=12': listed([krav, full]) });
    const { user } = renderApp('/public/classes');

    await screen.findByRole('article', { name: 'Krav Maga Basics' });
    await user.click(screen.getByRole('radio', { name: 'Calendar' }));
    const day = within(screen.getByRole('region', { name: 'Saturday, July 20, 2030' }));
    expect(day.getByRole('article', { name: 'Krav Maga Basics' })).toBeInTheDocument();
    expect(day.queryByRole('article', { name: 'Corporate Safety' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Monday, July 22, 2030' })).toBeInTheDocument();
  });

  it('says when no class matches, and loads more when there are more', async () => {
    mockApi({
      'GET /api/classes?limit=12': listed([krav], 30),
      'GET /api/classes?limit=24': listed([krav, full], 30),
      'GET /api/classes?q=zzz&limit=12': listed([]),
    });
    const { user } = renderApp('/public/classes');

    await user.click(await screen.findByRole('button', { name: 'Show More Classes' }));
    expect(await screen.findByRole('article', { name: 'Corporate Safety' })).toBeInTheDocument();
    await typeAtOnce(user, screen.getByLabelText('Search'), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No classes found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByRole('article', { name: 'Krav Maga Basics' })).toBeInTheDocument();
  });

  it('opens with the filters a browser submitted before the page came alive', async () => {
    const fetchMock = mockApi({
      'GET /api/classes?q=krav&location=Denver&type=workshop&limit=12': listed([krav], 1),
    });
    renderApp('/classes?q=krav&location=Denver&type=workshop');

    expect(await screen.findByRole('article', { name: 'Krav Maga Basics' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('krav');
    expect(screen.getByLabelText('Location')).toHaveValue('Denver');
    expect(screen.getByLabelText('Class type')).toHaveValue('workshop');
    expect(requestsMade(fetchMock)).toEqual([
      'GET /api/classes?q=krav&location=Denver&type=workshop&limit=12',
    ]);
    const form = screen.getByLabelText('Search').closest('form');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/classes');
  });
});
