import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIVE_SESSION_URL } from './constants';
import { SupportPage } from './index';
import { renderPage } from './test-utils';

describe('SupportPage', () => {
  it('has one page title and a heading per support channel', () => {
    renderPage(<SupportPage variant="public" />, { path: '/support' });

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Email Support',
      'Live Video Sessions',
      'Weekly Live Training',
      'WhatsApp Community',
      'Policies',
    ]);
  });

  it('offers e-mail support with its reply time', () => {
    renderPage(<SupportPage variant="public" />, { path: '/support' });

    expect(screen.getByRole('link', { name: 'support@soulpunch.example' })).toHaveAttribute(
      'href',
      'mailto:support@soulpunch.example',
    );
    expect(screen.getByText(/We reply within 24 to 48 hours/)).toBeInTheDocument();
  });

  it('offers live video sessions on Thursday and Sunday in a new tab', () => {
    renderPage(<SupportPage variant="public" />, { path: '/support' });

    expect(screen.getByText(/held every Thursday and Sunday/)).toBeInTheDocument();
    const join = screen.getByRole('link', { name: 'Join Live Session' });
    expect(join).toHaveAttribute('href', LIVE_SESSION_URL);
    expect(join).toHaveAttribute('target', '_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
  });

  it('gives the weekly live training time', () => {
    renderPage(<SupportPage variant="public" />, { path: '/support' });

    expect(screen.getByText('Thursdays 7:00 PM CST')).toBeInTheDocument();
  });

  it('sends the WhatsApp community button to the dashboard resources', async () => {
    const user = userEvent.setup();
    renderPage(<SupportPage variant="public" />, { path: '/support' });

    const whatsApp = screen.getByRole('link', { name: 'Join WhatsApp Community' });
    expect(whatsApp).toHaveAttribute('href', '/trainer-portal/dashboard');

    await user.click(whatsApp);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/trainer-portal/dashboard');
  });

  it.each([
    ['public', '/terms-of-service'],
    ['portal', '/terms'],
  ] as const)('links to the policies, with the %s Terms of Service', (variant, termsPath) => {
    renderPage(<SupportPage variant={variant} />, { path: '/support' });

    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', termsPath);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Certification Program Terms & Conditions' })).toHaveAttribute(
      'href',
      '/legal/terms',
    );
  });
});
