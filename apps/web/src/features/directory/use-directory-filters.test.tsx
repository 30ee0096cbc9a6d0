import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDirectoryFilters } from './use-directory-filters';

function renderFilters(initialUrl: string) {
  let location = '';
  const useBoth = () => {
    location = `${useLocation().pathname}${useLocation().search}`;
    return useDirectoryFilters();
  };
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '/find-trainer', element: children }], {
      initialEntries: [initialUrl],
    });
    return <RouterProvider router={router} />;
  };
  const view = renderHook(useBoth, { wrapper });
  return { view, location: () => location };
}

describe('useDirectoryFilters', () => {
  it('keeps both of two changes asked for before the page renders again', async () => {
    const { view, location } = renderFilters('/find-trainer?state=OK');
    // As when a page filled in before it came alive takes a picked filter and a typed search in one go.
    const { update } = view.result.current;
    await act(async () => {
      update({ availability: 'Weekdays' });
      update({ q: 'Jasmine' });
    });
    expect(view.result.current.filters).toMatchObject({
      state: 'OK',
      availability: 'Weekdays',
      q: 'Jasmine',
    });
    expect(location()).toContain('availability=Weekdays');
    expect(location()).toContain('q=Jasmine');
  });

  it('builds on the address again once it has caught up, and reset clears everything', async () => {
    const { view } = renderFilters('/find-trainer');
    await act(async () => view.result.current.update({ state: 'TX' }));
    await act(async () => view.result.current.update({ q: 'amy' }));
    expect(view.result.current.filters).toMatchObject({ state: 'TX', q: 'amy' });
    await act(async () => view.result.current.reset());
    expect(view.result.current.filters).toMatchObject({ state: '', q: '' });
  });
});
