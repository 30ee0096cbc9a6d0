import { type PublicTrainer, packMarkers } from '@soulpunch/shared';
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, type MockRoutes, mockApi, pending, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { CARDS_PER_PAGE } from './api/get-public-trainers';
import type { TrainerMapProps } from './components/trainer-map-props';
import { headquarters, publicClass, publicTrainer } from './testing/public-trainer';

// Leaflet needs a real browser; the map's own behaviour is covered by the Playwright directory spec.
vi.mock('./components/trainer-map', () => ({
  default: ({ markers, onViewProfile }: TrainerMapProps) => (
    <div data-testid="trainer-map">
      {markers.map(([id, , , name]) => (
        <button key={id} type="button" onClick={() => onViewProfile(id)}>
          Map marker {name}
        </button>
      ))}
    </div>
  ),
}));

/** The first page of cards for these filters (as the address holds them). */
const list = (filters = '') =>
  `GET /api/public-trainers?${filters ? `${filters}&` : ''}limit=${CARDS_PER_PAGE}`;
const markersOf = (filters = '') => `GET /api/public-trainers/markers${filters ? `?${filters}` : ''}`;
const LIST = list();
const MARKERS = markersOf();
const STATES = 'GET /api/public-trainers/states';
const states = [
  { state: 'CO', count: 1 },
  { state: 'OK', count: 3 },
];

/** A page of cards, with the count of every match the server sends beside it. */
function page(trainers: PublicTrainer[], total = trainers.length) {
  return json(trainers, { headers: { 'X-Total-Count': String(total) } });
}

function pins(trainers: PublicTrainer[]) {
  return json(
    packMarkers(trainers.map((t) => [t.id, 36.15, -95.99, t.displayName, t.status === 'hq' ? 1 : 0])),
  );
}

function directoryRoutes(trainers: PublicTrainer[], extra: MockRoutes = {}): MockRoutes {
  return { [LIST]: page(trainers), [MARKERS]: pins(trainers), [STATES]: json(states), ...extra };
}

/** A filtered list and its pins. */
function filtered(filters: string, trainers: PublicTrainer[]): MockRoutes {
  return { [list(filters)]: page(trainers), [markersOf(filters)]: pins(trainers) };
}

async function cardOf(name: string) {
  return screen.findByRole('article', { name });
}

// Whole-app renders with many cards are slow in jsdom when the suite runs in parallel: waits get more room.
let asyncUtilTimeout: number;
beforeAll(() => {
  asyncUtilTimeout = getConfig().asyncUtilTimeout;
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout }));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('trainer directory', { timeout: 20_000 }, () => {
  it('shows the landing content above the directory on /find-trainer', async () => {
    mockApi(directoryRoutes([headquarters]));
    renderApp('/find-trainer');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Find Your Self Defense Trainer' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const step of ['Search', 'Book', 'Connect', 'Learn']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'New York' })).toHaveAttribute(
      'href',
      '/public/find-trainer?location=New%20York',
    );
    expect(screen.getByRole('link', { name: 'Philadelphia' })).toHaveAttribute(
      'href',
      '/public/find-trainer?location=Philadelphia',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Find a Certified Trainer' })).toBeInTheDocument();
    expect(
      screen.getByText(/Every Soul Punch trainer is background-checked and certified/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trainer Login' })).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
    expect(await cardOf('Jasmine Carter')).toBeInTheDocument();
  });

  it('draws the map while its pins load and says so over it, then shows the pins', async () => {
    let answerPins = (_: Response) => {};
    const pinsAnswered = new Promise<Response>((resolve) => {
      answerPins = resolve;
    });
    mockApi(directoryRoutes([headquarters], { [MARKERS]: () => pinsAnswered }));
    renderApp('/public/find-trainer');

    // The cards come from their own request; the map is drawn without its pins meanwhile.
    expect(await cardOf('Jasmine Carter')).toBeInTheDocument();
    expect(await screen.findByTestId('trainer-map')).toBeInTheDocument();
    expect(screen.getByText("Loading the map's trainers...")).toBeInTheDocument();

    answerPins(pins([headquarters]));
    expect(await screen.findByRole('button', { name: 'Map marker Jasmine Carter' })).toBeInTheDocument();
    expect(screen.queryByText("Loading the map's trainers...")).not.toBeInTheDocument();
  });

  it('says when the map could not show the trainers, and keeps the cards', async () => {
    mockApi(
      directoryRoutes([headquarters], {
        [MARKERS]: () => json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      }),
    );
    renderApp('/public/find-trainer');

    expect(await cardOf('Jasmine Carter')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The trainers could not be shown on the map. They are listed below.',
        undefined,
        {
          timeout: 6000,
        },
      ),
    ).toBeInTheDocument();
  });

  it('shows three skeleton cards while the trainers load', async () => {
    mockApi({ [LIST]: pending, [MARKERS]: pending, [STATES]: json(states) });
    renderApp('/public/find-trainer');

    expect(screen.getByRole('heading', { level: 1, name: 'Find a Certified Trainer' })).toBeInTheDocument();
    expect(screen.getAllByTestId('trainer-card-skeleton')).toHaveLength(3);
    expect(screen.getByText('Loading trainers')).toBeInTheDocument();
  });

  it('explains a failed load and offers Refresh Page', async () => {
    const fetchMock = mockApi({
      [LIST]: () => json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      [MARKERS]: json([]),
      [STATES]: json(states),
    });
    renderApp('/find-trainer');

    expect(await screen.findByText('Unable to load trainers', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(
      screen.getByText("We're experiencing some technical difficulties. Please try again later."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    // Spec 7: retried once.
    expect(requestsMade(fetchMock).filter((r) => r === LIST)).toHaveLength(2);
  });

  it('sends the search text, tab and dropdowns as filters', async () => {
    const fetchMock = mockApi(
      directoryRoutes([headquarters], {
        ...filtered('q=tulsa', [headquarters]),
        ...filtered('q=tulsa&classType=Corporate+Training', []),
        ...filtered('q=tulsa&location=Denver%2C+CO&classType=Corporate+Training', []),
        ...filtered('q=tulsa&location=Denver%2C+CO&availability=Weekends&classType=Corporate+Training', []),
      }),
    );
    const { user, router } = renderApp('/find-trainer');
    await cardOf('Jasmine Carter');

    // Pasted at once: on a busy machine a typed word would reach the address letter by letter.
    await user.click(screen.getByLabelText('Search trainers'));
    await user.paste('tulsa');
    await waitFor(() => expect(requestsMade(fetchMock)).toContain(list('q=tulsa')));
    expect(requestsMade(fetchMock)).toContain(markersOf('q=tulsa'));

    await user.click(screen.getByRole('tab', { name: 'Corporate Training' }));
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain(list('q=tulsa&classType=Corporate+Training')),
    );
    expect(screen.getByRole('tab', { name: 'Corporate Training' })).toHaveAttribute('aria-selected', 'true');

    await user.selectOptions(screen.getByLabelText('Location'), 'Denver, CO');
    await user.selectOptions(screen.getByLabelText('Availability'), 'Weekends');
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain(
        list('q=tulsa&location=Denver%2C+CO&availability=Weekends&classType=Corporate+Training'),
      ),
    );
    expect(router.state.location.search).toBe(
      '?q=tulsa&location=Denver%2C+CO&availability=Weekends&classType=Corporate+Training',
    );
    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
  });

  it('pre-fills the location from ?location= on /public/find-trainer', async () => {
    const fetchMock = mockApi({ ...filtered('location=Chicago%2C+IL', []), [STATES]: json(states) });
    renderApp('/public/find-trainer?location=Chicago');

    expect(screen.getByLabelText('Location')).toHaveValue('Chicago, IL');
    await screen.findByText('No trainers found');
    expect(requestsMade(fetchMock)).toContain(list('location=Chicago%2C+IL'));
  });

  it('keeps a popular city that is not in the dropdown', async () => {
    mockApi({ ...filtered('location=Houston', []), [STATES]: json(states) });
    renderApp('/public/find-trainer?location=Houston');

    expect(screen.getByLabelText('Location')).toHaveValue('Houston');
    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
  });

  it('filters by state when a state tile is clicked', async () => {
    const fetchMock = mockApi(directoryRoutes([headquarters], filtered('state=OK', [headquarters])));
    const { user } = renderApp('/find-trainer');

    const tile = await screen.findByRole('button', { name: /^Oklahoma\W+3 trainers$/ });
    expect(screen.getByRole('button', { name: /^Colorado\W+1 trainer$/ })).toBeInTheDocument();
    await user.click(tile);

    await waitFor(() => expect(requestsMade(fetchMock)).toContain(list('state=OK')));
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('State: Oklahoma')).toBeInTheDocument();
  });

  it('offers Reset Filters when nothing matches, and it clears every filter', async () => {
    const fetchMock = mockApi(
      directoryRoutes([headquarters], filtered('q=zzz&state=OK&classType=Private+Lessons', [])),
    );
    const { user, router } = renderApp('/find-trainer?q=zzz&state=OK&classType=Private+Lessons');

    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
    expect(screen.getByLabelText('Search trainers')).toHaveValue('zzz');
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));

    expect(await cardOf('Jasmine Carter')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(LIST);
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search trainers')).toHaveValue('');
    expect(screen.getByRole('tab', { name: 'All Trainers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('arriving filtered, shows the results with what filters them and a way to clear it', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    const fetchMock = mockApi(directoryRoutes([headquarters], filtered('location=Houston', [headquarters])));
    const { user, router } = renderApp('/public/find-trainer?location=Houston');

    const results = await screen.findByRole('heading', { name: 'Certified Trainers' });
    expect(scrolled).toContain(results.parentElement);
    expect(screen.getByTestId('active-filters')).toHaveTextContent('Filtered by Location: Houston');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(requestsMade(fetchMock)).toContain(LIST));
    expect(screen.queryByTestId('active-filters')).not.toBeInTheDocument();
    scrollIntoView.mockRestore();
  });

  it('keeps its filters in real forms, which a browser submits before the page came alive', async () => {
    mockApi(directoryRoutes([headquarters], filtered('state=OK', [headquarters])));
    renderApp('/public/find-trainer?state=OK');

    const filters = await screen.findByRole('form', { name: 'Filter trainers' });
    expect(filters).toHaveAttribute('method', 'get');
    expect(filters).toHaveAttribute('action', '/public/find-trainer');
    expect(screen.getByLabelText('Search trainers')).toHaveAttribute('name', 'q');
    expect(screen.getByLabelText('Location')).toHaveAttribute('name', 'location');
    expect(screen.getByLabelText('Availability')).toHaveAttribute('name', 'availability');
    // The state tile's filter, which the form has no field for, goes along.
    expect(filters.querySelector('input[type="hidden"][name="state"]')).toHaveValue('OK');
    const distance = screen.getByRole('form', { name: 'Sort by distance' });
    expect(distance).toHaveAttribute('method', 'get');
    expect(screen.getByLabelText('ZIP or city')).toHaveAttribute('name', 'from');
  });

  it('shows what a card holds', async () => {
    const maria = publicTrainer({
      publicBio: 'Krav Maga instructor focused on awareness.',
      specializations: ['Teen Safety', 'Travel Safety'],
      availabilityDescription: 'Weekends',
      experienceDescription: 'Veteran (3-5 years)',
      instagram: '@maria_sd',
      website: 'https://maria.example',
      affiliateLink: 'https://soulpunch.example/shop?aff=maria',
      displayContact: 'maria@example.com',
      upcomingClasses: [publicClass(1), publicClass(2), publicClass(3), publicClass(4)],
      rating: { mean: 4.6, count: 12 },
    });
    mockApi(directoryRoutes([maria]));
    renderApp('/find-trainer');

    const card = within(await cardOf('Maria Garcia'));
    expect(card.getByText('Denver, CO')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Rated 4.6 out of 5 stars from 12 reviews' })).toBeInTheDocument();
    expect(card.getByText('Krav Maga instructor focused on awareness.')).toBeInTheDocument();
    expect(card.getByText('Teen Safety')).toBeInTheDocument();
    expect(card.getByText('Weekends')).toBeInTheDocument();
    expect(card.getByText('Veteran (3-5 years)')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Maria Garcia on Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/maria_sd',
    );
    expect(card.getByRole('link', { name: 'Maria Garcia on Website' })).toHaveAttribute(
      'href',
      'https://maria.example',
    );
    expect(card.queryByRole('link', { name: /Facebook|TikTok|YouTube/ })).not.toBeInTheDocument();

    // Up to 2 classes, a note for the rest, a payment link per class (it takes no place: named for what it does).
    expect(card.getByText('Basic Self-Defense 1')).toBeInTheDocument();
    expect(card.getByText('Basic Self-Defense 2')).toBeInTheDocument();
    expect(card.queryByText('Basic Self-Defense 3')).not.toBeInTheDocument();
    expect(card.getByText(/\+2 more classes/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Basic Self-Defense 1' })).toHaveAttribute(
      'href',
      '/public/class/1',
    );
    const pay = card.getAllByRole('link', { name: /^Pay for Class: / });
    expect(pay).toHaveLength(2);
    expect(pay[0]).toHaveAccessibleName('Pay for Class: Basic Self-Defense 1');
    expect(pay[0]).toHaveAttribute('href', 'https://pay.example/class-1');
    expect(pay[0]).toHaveAttribute('target', '_blank');
    expect(card.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();

    const buy = card.getByRole('link', { name: 'Buy Soul DefendHER 2.0' });
    expect(buy).toHaveAttribute('href', 'https://soulpunch.example/shop?aff=maria');
    expect(buy).toHaveAttribute('target', '_blank');
    expect(card.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:maria@example.com?subject=Soul%20Punch%20Training%20Inquiry',
    );
    expect(card.getByRole('link', { name: 'View Full Profile' })).toHaveAttribute('href', '/trainer/10');
  });

  it('links a card to the profile under the same side of the site', async () => {
    mockApi(directoryRoutes([headquarters]));
    renderApp('/public/find-trainer');

    const card = within(await cardOf('Jasmine Carter'));
    expect(card.getByRole('link', { name: 'View Full Profile' })).toHaveAttribute(
      'href',
      '/public/trainer/2',
    );
    expect(card.getByText('Headquarters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service-public',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy-public',
    );
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support-public');
    expect(screen.getByText(`© ${new Date().getFullYear()} Soul Punch`)).toBeInTheDocument();
  });

  it('has no Buy button without an affiliate link, and Contact explains when there is no contact', async () => {
    mockApi(directoryRoutes([headquarters]));
    const { user } = renderApp('/find-trainer');

    const card = within(await cardOf('Jasmine Carter'));
    expect(card.queryByRole('link', { name: 'Buy Soul DefendHER 2.0' })).not.toBeInTheDocument();
    expect(card.queryByText(/more class/)).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Contact' }));

    const dialog = await screen.findByRole('dialog', { name: 'Contact Jasmine Carter' });
    expect(within(dialog).getByText('Contact this trainer via the Soul Punch website.')).toBeInTheDocument();
  });

  it('opens phone and web contacts the right way', async () => {
    mockApi(
      directoryRoutes([
        publicTrainer({ id: 11, displayName: 'Phone Trainer', displayContact: '(918) 555-0101' }),
        publicTrainer({ id: 12, displayName: 'Web Trainer', displayContact: 'www.web.example' }),
      ]),
    );
    renderApp('/find-trainer');

    const phone = within(await cardOf('Phone Trainer')).getByRole('link', { name: 'Contact' });
    expect(phone).toHaveAttribute('href', 'tel:9185550101');
    const web = within(await cardOf('Web Trainer')).getByRole('link', { name: 'Contact' });
    expect(web).toHaveAttribute('href', 'https://www.web.example');
    expect(web).toHaveAttribute('target', '_blank');
  });

  it('shows the support e-mail from Contact Us', async () => {
    mockApi(directoryRoutes([]));
    const { user } = renderApp('/find-trainer');

    await user.click(screen.getByRole('button', { name: 'Contact Us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' });
    expect(within(dialog).getByRole('link', { name: 'support@soulpunch.example' })).toHaveAttribute(
      'href',
      'mailto:support@soulpunch.example',
    );
  });

  it('sorts by distance from a ZIP code and shows the miles', async () => {
    const fetchMock = mockApi(
      directoryRoutes([headquarters], {
        [list('from=74103')]: page([{ ...headquarters, distanceMiles: 0.8 }]),
      }),
    );
    const { user } = renderApp('/find-trainer');
    await cardOf('Jasmine Carter');

    await user.type(screen.getByLabelText('ZIP or city'), '74103');
    await user.click(screen.getByRole('button', { name: 'Sort by Distance' }));

    expect(await screen.findByText('0.8 mi away')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(list('from=74103'));
    expect(screen.getByText('Sorted by distance from 74103.')).toBeInTheDocument();
  });

  it('says only that a place is unknown, and claims no distance order', async () => {
    mockApi(
      directoryRoutes([], {
        [list('from=00000')]: json(
          {
            error: {
              code: 'unknown_place',
              message: 'We could not find "00000". Try a ZIP code or "City, ST".',
            },
          },
          { status: 400 },
        ),
      }),
    );
    const { user } = renderApp('/find-trainer?from=00000');

    expect(await screen.findByText('Place not found')).toBeInTheDocument();
    expect(screen.getByText('We could not find "00000". Try a ZIP code or "City, ST".')).toBeInTheDocument();
    expect(screen.queryByText(/Sorted by distance/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear distance' }));
    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
  });

  it('sorts by distance from the visitor with Near me', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 36.1539, longitude: -95.9928 } } as GeolocationPosition),
      },
    });
    const fetchMock = mockApi(
      directoryRoutes([], {
        [list('near=36.15%2C-95.99')]: page([{ ...headquarters, distanceMiles: 1.2 }]),
      }),
    );
    const { user } = renderApp('/find-trainer');
    await screen.findByText('No trainers found');

    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByText('1.2 mi away')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(list('near=36.15%2C-95.99'));
    expect(screen.getByText('Sorted by distance from your location.')).toBeInTheDocument();
  });

  it('explains kindly when the visitor refuses their location', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
      },
    });
    mockApi(directoryRoutes([]));
    const { user } = renderApp('/find-trainer');
    await screen.findByText('No trainers found');

    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Allow location access in your browser/);
  });

  it('shows 12 cards at a time, asking the server for each next page', async () => {
    expect(CARDS_PER_PAGE).toBe(12);
    const many = Array.from({ length: 20 }, (_, i) =>
      publicTrainer({ id: 100 + i, displayName: `Trainer ${i + 1}` }),
    );
    const next = 'GET /api/public-trainers?limit=12&offset=12';
    const fetchMock = mockApi(
      directoryRoutes(many.slice(0, 12), {
        [LIST]: page(many.slice(0, 12), 20),
        [MARKERS]: pins(many),
        [next]: page(many.slice(12), 20),
      }),
    );
    const { user } = renderApp('/find-trainer');

    await cardOf('Trainer 1');
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('20 trainers found (showing 12)')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain(next);

    await user.click(screen.getByRole('button', { name: 'Show More Trainers' }));
    expect(await cardOf('Trainer 20')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('20 trainers found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show More Trainers' })).not.toBeInTheDocument();
  });

  it("brings a trainer's card into view from the map, even from a page not loaded", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      publicTrainer({ id: 100 + i, displayName: `Trainer ${i + 1}` }),
    );
    mockApi(
      directoryRoutes(many.slice(0, 12), {
        [LIST]: page(many.slice(0, 12), 30),
        [MARKERS]: pins(many),
        'GET /api/public-trainers/127': json(many[27]),
      }),
    );
    const { user } = renderApp('/find-trainer');
    await cardOf('Trainer 1');
    expect(screen.queryByRole('article', { name: 'Trainer 28' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Map marker Trainer 28' }));
    const card = await cardOf('Trainer 28');
    await waitFor(() => expect(card).toHaveFocus());
    // Shown first, before the loaded page, and counted once.
    expect(screen.getAllByRole('article')[0]).toBe(card);
    expect(screen.getByText('30 trainers found (showing 13)')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Map marker Trainer 2' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Trainer 2' })).toHaveFocus());
  });
});
