import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('visitor landing page', () => {
  it('welcomes visitors and leads them to trainers and classes', () => {
    const fetchMock = mockApi({});
    renderApp('/public');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Find Your Self Defense Trainer' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Find a Trainer Near You' })).toHaveAttribute(
      'href',
      '/public/find-trainer',
    );
    expect(screen.getByRole('link', { name: 'Browse Classes' })).toHaveAttribute('href', '/public/classes');
    expect(screen.getByRole('link', { name: 'Meet Our Trainers' })).toHaveAttribute(
      'href',
      '/public/find-trainer',
    );
    expect(screen.getByRole('link', { name: 'See Upcoming Classes' })).toHaveAttribute(
      'href',
      '/public/classes',
    );
    expect(screen.getByRole('link', { name: 'Start Your Certification' })).toHaveAttribute(
      'href',
      '/onboarding/checkout',
    );
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    for (const step of ['Search', 'Book', 'Connect', 'Learn']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links each popular location to the filtered public directory', () => {
    mockApi({});
    renderApp('/public');

    const cities = {
      'New York': 'New%20York',
      'Los Angeles': 'Los%20Angeles',
      Chicago: 'Chicago',
      Houston: 'Houston',
      Phoenix: 'Phoenix',
      Philadelphia: 'Philadelphia',
    };
    for (const [city, param] of Object.entries(cities)) {
      expect(screen.getByRole('link', { name: city })).toHaveAttribute(
        'href',
        `/public/find-trainer?location=${param}`,
      );
    }
  });

  it('has the public footer, since the site footer is hidden on /public', () => {
    mockApi({});
    renderApp('/public');

    const footer = screen.getByRole('navigation', { name: 'Legal and support' });
    expect(footer.querySelectorAll('a')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service-public',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy-public',
    );
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support-public');
    expect(screen.getAllByRole('link', { name: 'Trainer Login' }).at(-1)).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} Soul Punch`)).toBeInTheDocument();
  });
});
