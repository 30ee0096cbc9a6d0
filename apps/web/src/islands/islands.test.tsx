import { MantineProvider, TextInput } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Link, MemoryRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@/app/theme';
import { ContactUsButton } from '@/components/contact-us-button';
import { PublicHeader } from '@/components/public-header';
import { createQueryClient } from '@/lib/query-client';
import { Island } from './island';
import { IslandProviders } from './island-providers';
import { IslandRouter } from './island-router';
import { renderWithIslands } from './render-islands';

function Search() {
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <TextInput label="Search" defaultValue={params.get('q') ?? ''} />
      <p>Searching for {params.get('q') || 'everyone'}</p>
      <button type="button" onClick={() => setParams({ q: 'garcia' })}>
        Search Garcia
      </button>
      <Link to="?q=lee">Lee</Link>
    </div>
  );
}

/** Takes a filter as it mounts, as a field filled in before the page came alive does (lib/use-early-input.ts). */
function EarlyFilter() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!params.has('availability')) setParams({ availability: 'Weekdays' }, { replace: true });
  }, [params, setParams]);
  return <p>Availability: {params.get('availability') ?? 'any'}</p>;
}

function Page({ children }: { children?: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <MemoryRouter initialEntries={['/find-trainer']}>
        <PublicHeader variant="site" />
        <main>
          <h1>The page itself</h1>
          <Island name="directory" component={Search} props={{}} />
          {children}
        </main>
      </MemoryRouter>
    </MantineProvider>
  );
}

const roots: Root[] = [];
afterEach(() => {
  act(() => {
    for (const root of roots.splice(0)) root.unmount();
  });
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** What src/islands.tsx does for each island element of the server's page. */
function hydrateIslands() {
  const queryClient = createQueryClient();
  const components = { 'contact-us': ContactUsButton, directory: Search } as const;
  const recoverable: unknown[] = [];
  for (const [index, element] of [...document.querySelectorAll<HTMLElement>('[data-island]')].entries()) {
    const name = element.dataset.island as keyof typeof components;
    const Component = components[name];
    const content = <Component {...JSON.parse(element.dataset.props ?? '{}')} />;
    act(() => {
      roots.push(
        hydrateRoot(
          element,
          <IslandProviders queryClient={queryClient} withToasts={index === 0}>
            {name === 'directory' ? <IslandRouter>{content}</IslandRouter> : content}
          </IslandProviders>,
          {
            identifierPrefix: element.dataset.islandPrefix ?? '',
            onRecoverableError: (error) => recoverable.push(error),
          },
        ),
      );
    });
  }
  return recoverable;
}

describe('the public pages as islands', () => {
  it('renders an island inline inside the full app', () => {
    const html = renderWithIslands(<Page />, new URL('http://app/find-trainer'), createQueryClient());
    expect(html).toContain('data-island="directory"');
    // The full app has no collector: no island elements, the components in place.
    render(<Page />);
    expect(document.querySelector('[data-island]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it("renders each island as its own root, with its props and its id prefix, inside the page's HTML", () => {
    window.history.replaceState(null, '', '/find-trainer?q=ortiz');
    const html = renderWithIslands(<Page />, new URL('http://app/find-trainer?q=ortiz'), createQueryClient());
    document.body.innerHTML = html;
    const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((island) => [island.dataset.island, island.dataset.islandPrefix])).toEqual([
      ['contact-us', 'contact-us0-'],
      ['directory', 'directory1-'],
    ]);
    expect(islands[0]?.dataset.props).toBe('{"size":"sm"}');
    // The server's router gave the island the page's address; its input's id comes from its own prefix.
    expect(screen.getByText('Searching for ortiz')).toBeInTheDocument();
    expect(screen.getByLabelText('Search').id).toMatch(/directory1-/);
    // Mantine's variables and global styles are written once, by the page's own provider.
    expect(document.querySelectorAll('style[data-mantine-styles="true"]')).toHaveLength(1);
  });

  it('hydrates every island without a mismatch, and the rest of the page stays the server HTML', async () => {
    window.history.replaceState(null, '', '/find-trainer?q=ortiz');
    document.body.innerHTML = renderWithIslands(
      <Page />,
      new URL('http://app/find-trainer?q=ortiz'),
      createQueryClient(),
    );
    const heading = screen.getByRole('heading', { name: 'The page itself' });
    expect(hydrateIslands()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'The page itself' })).toBe(heading);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('follows an address changed by the island as it mounts', async () => {
    window.history.replaceState(null, '', '/find-trainer');
    const { container } = render(
      <IslandRouter>
        <EarlyFilter />
      </IslandRouter>,
    );
    await waitFor(() => expect(container).toHaveTextContent('Availability: Weekdays'));
    expect(window.location.search).toBe('?availability=Weekdays');
  });

  it("changes the address in place for the island's own page", async () => {
    window.history.replaceState(null, '', '/find-trainer');
    document.body.innerHTML = renderWithIslands(
      <Page />,
      new URL('http://app/find-trainer'),
      createQueryClient(),
    );
    hydrateIslands();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search Garcia' }));
    await waitFor(() => expect(screen.getByText('Searching for garcia')).toBeInTheDocument());
    expect(window.location.pathname + window.location.search).toBe('/find-trainer?q=garcia');

    await user.click(screen.getByRole('link', { name: 'Lee' }));
    await waitFor(() => expect(screen.getByText('Searching for lee')).toBeInTheDocument());
    expect(window.location.search).toBe('?q=lee');
    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?q=garcia'));
  });
});
