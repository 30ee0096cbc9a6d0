import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{location.pathname}</p>;
}

interface RenderPageOptions {
  /** Path the page is shown at. */
  path: string;
  /** Pages visited before it, oldest first, so that 'back' has somewhere to go. */
  history?: string[];
}

/**
 * Renders a page at `path` inside Mantine and a memory router; any other path renders its pathname, so a test
 * can see where a link or button led.
 */
export function renderPage(page: ReactElement, { path, history = [] }: RenderPageOptions) {
  const entries = [...history, path];
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}
