import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { RootLayout } from '../layouts/root-layout';
import { AppProviders } from '../providers';
import { RouteError } from './route-error';

function BrokenScreen(): never {
  throw new Error('The screen broke');
}

describe('section error boundary', () => {
  it('shows the error inside the page chrome instead of blanking the app', async () => {
    // React and React Router report the caught render error; that report is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    const admin = { id: 1, email: 'boss@example.com', name: 'Bea Boss', roles: ['admin'], trainerId: null };
    mockApi({ 'GET /api/auth/session': json({ user: admin }) });
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          errorElement: <RouteError standalone />,
          children: [
            { errorElement: <RouteError />, children: [{ path: '/terms', element: <BrokenScreen /> }] },
          ],
        },
      ],
      { initialEntries: ['/terms'] },
    );
    render(
      <AppProviders env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The screen broke')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
