import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('/test page', () => {
  it("lists the spec's onboarding screens while the test provider takes payments", async () => {
    mockApi({
      'GET /api/auth/session': json({ user: null }),
      'GET /api/payments/provider': json({ provider: 'test' }),
    });
    renderApp('/test');

    expect(await screen.findByRole('heading', { level: 1, name: 'Test Mode' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/onboarding/checkout');
    expect(screen.getByRole('link', { name: 'Welcome' })).toHaveAttribute('href', '/onboarding/welcome');
  });

  it('offers nothing once payments are live', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: null }),
      'GET /api/payments/provider': json({ provider: 'stripe' }),
    });
    renderApp('/test');

    // Not even for a moment while the answer is on its way.
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(await screen.findByText('Payments are live on this installation.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});
