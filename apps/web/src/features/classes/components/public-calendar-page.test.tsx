import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { classSummary } from '../testing/class-summary';
import { MOBILE_QUERY } from './public-calendar-page';

const ALL = 'GET /api/classes?limit=1000';

const at = (id: number, date: string, overrides = {}) =>
  classSummary({ id, date, start: `${date}T19:00:00.000Z`, end: `${date}T21:00:00.000Z`, ...overrides });

// Soonest first, as the server sends them.
const classes = [
  at(1, '2030-07-15', { title: 'Tulsa Basics', trainerName: 'Maria Garcia', location: 'YMCA, Tulsa, OK' }),
  at(2, '2030-07-18', {
    title: 'Denver Workshop',
    trainerName: 'Coach Sam',
    trainerFirstName: 'Samantha',
    location: 'Denver, CO',
    timeZone: 'America/Denver',
    time: '1:00 PM - 3:00 PM',
    price: 0,
  }),
  at(4, '2030-07-29', { title: 'Second Tulsa Class', trainerName: 'Maria Garcia', location: 'Tulsa, OK' }),
  at(3, '2030-08-02', { title: 'Austin Evening', trainerName: 'Ana Ruiz', location: 'Park, Austin, TX' }),
];

function useMobileScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === MOBILE_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-07-15T09:00:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('public calendar', { timeout: 20_000 }, () => {
  it('shows the classes on a month grid and opens their details', async () => {
    mockApi({ [ALL]: json(classes) });
    const { user } = renderApp('/public-calendar');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find Self-Defense Classes' }),
    ).toBeInTheDocument();
    const day = within(await screen.findByRole('cell', { name: /Thursday, July 18, 2030/ }));
    const entry = day.getByRole('button');
    expect(entry).toHaveTextContent('Self-Defense');
    // In the class's own zone, whatever the visitor's.
    expect(entry).toHaveTextContent('1:00 PM - 3:00 PM MDT');
    expect(entry).toHaveTextContent('Free');

    await user.click(entry);
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Details' }));
    expect(dialog.getByText('Denver Workshop')).toBeInTheDocument();
    expect(dialog.getByText(/2-hour Soul Punch self-defense training/)).toBeInTheDocument();
    // The trainer's first name, not the first word of the display name 'Coach Sam'.
    expect(
      dialog.getByText('Contact Samantha for registration, or register on the class page.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('1:00 PM - 3:00 PM MDT')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'View Class Details' })).toHaveAttribute(
      'href',
      '/public/class/2',
    );
    await user.click(dialog.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'August 2030' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('cell', { name: /Friday, August 2, 2030/ })).getByRole('button'),
    ).toHaveTextContent('Self-Defense');
    expect(screen.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute(
      'href',
      '/api/calendar/classes.ics',
    );
  });

  it('filters by the last part of the location and by search, in the list view', async () => {
    mockApi({ [ALL]: json(classes) });
    const { user } = renderApp('/public-calendar');

    const location = await screen.findByLabelText('Location');
    await within(location).findByRole('option', { name: 'TX' });
    expect(
      within(location)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Locations', 'CO', 'OK', 'TX']);

    await user.click(screen.getByRole('radio', { name: 'List' }));
    let list = within(screen.getByRole('list'));
    expect(list.getAllByRole('listitem')).toHaveLength(4);
    const first = within(list.getAllByRole('listitem')[0] as HTMLElement);
    expect(first.getByRole('button', { name: 'Tulsa Basics' })).toBeInTheDocument();
    expect(first.getByText('with Maria')).toBeInTheDocument();
    expect(first.getByText('$75')).toBeInTheDocument();
    expect(first.getByText('Monday, July 15, 2030 · 2:00 PM - 4:00 PM CDT')).toBeInTheDocument();
    expect(first.getByText('YMCA, Tulsa, OK')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Register on the class page' })).toHaveAttribute(
      'href',
      '/public/class/1',
    );
    expect(
      within(list.getAllByRole('listitem')[1] as HTMLElement).getByText('with Samantha'),
    ).toBeInTheDocument();

    await user.selectOptions(location, 'OK');
    list = within(screen.getByRole('list'));
    expect(list.getAllByRole('listitem').map((li) => within(li).getByRole('button').textContent)).toEqual([
      'Tulsa Basics',
      'Second Tulsa Class',
    ]);

    await user.type(screen.getByLabelText('Search classes'), 'second');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    await user.type(screen.getByLabelText('Search classes'), 'zzz');
    expect(screen.getByText('No classes found')).toBeInTheDocument();
  });

  it("opens a listed class's details from its name, and follows its class page link inside the app", async () => {
    mockApi({ [ALL]: json(classes), 'GET /api/classes/2': json(classes[1]) });
    const { user, currentPath } = renderApp('/public-calendar');

    await user.click(await screen.findByRole('radio', { name: 'List' }));
    const item = within(
      screen
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes('Denver Workshop')) as HTMLElement,
    );
    expect(item.getByRole('heading', { level: 3, name: 'Denver Workshop' })).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Denver Workshop' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Details' }));
    expect(dialog.getByRole('link', { name: 'View Class Details' })).toHaveAttribute(
      'href',
      '/public/class/2',
    );
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Its link names the class it is for, and a click with a modifier key is the browser's (a new tab): the app
    // leaves it alone (the listener after the app's keeps jsdom, which cannot open pages, from trying).
    const link = item.getByRole('link', { name: 'Register on the class page' });
    expect(link).toHaveAccessibleDescription('Denver Workshop');
    let leftToBrowser = false;
    const keepJsdomHere = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', keepJsdomHere);
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    window.removeEventListener('click', keepJsdomHere);
    expect(leftToBrowser).toBe(true);
    expect(currentPath()).toBe('/public-calendar');
    await user.click(link);
    expect(currentPath()).toBe('/public/class/2');
  });

  it('lists today, the week or the month on a phone', async () => {
    useMobileScreen();
    mockApi({ [ALL]: json(classes) });
    const { user } = renderApp('/public-calendar');

    const titles = () =>
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => within(li).getByRole('button').textContent);

    expect(await screen.findByRole('button', { name: 'Week', pressed: true })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(titles()).toEqual(['Tulsa Basics', 'Denver Workshop']);

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('button', { name: 'Today', pressed: true })).toBeInTheDocument();
    expect(titles()).toEqual(['Tulsa Basics']);

    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(titles()).toEqual(['Tulsa Basics', 'Denver Workshop', 'Second Tulsa Class', 'Austin Evening']);

    await user.click(screen.getByRole('button', { name: 'Austin Evening' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Details' }));
    expect(dialog.getByRole('link', { name: 'View Class Details' })).toHaveAttribute(
      'href',
      '/public/class/3',
    );
  });
});
