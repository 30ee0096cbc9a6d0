import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TermsAndConditionsPage } from './index';
import { renderPage } from './test-utils';

const PATH = '/legal/terms';

describe('TermsAndConditionsPage', () => {
  it('shows the title and version', () => {
    renderPage(<TermsAndConditionsPage />, { path: PATH });

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.getByText('Version 1.0')).toBeInTheDocument();
  });

  it('shows the seven sections of the certification terms in order', () => {
    renderPage(<TermsAndConditionsPage />, { path: PATH });

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      '1. Legal Agreement Recognition',
      '2. Licensing and Certification',
      '3. Access and Usage',
      '4. Refund Policy',
      '5. Community Conduct',
      '6. Dispute Resolution',
      '7. Brand Protection',
    ]);
  });

  it('states the key program rules', () => {
    renderPage(<TermsAndConditionsPage />, { path: PATH });

    expect(screen.getByText(/certification is valid for 2 years/i)).toHaveTextContent(/renew/i);
    expect(screen.getByText(/officially onboarded/i)).toBeInTheDocument();
    expect(screen.getByText(/personal and non-transferable/i)).toBeInTheDocument();
    expect(
      screen.getByText(/no refunds are given once access to the program has been granted/i),
    ).toBeInTheDocument();
    expect(screen.getByText(/not to start a chargeback/i)).toBeInTheDocument();
    expect(screen.getByText(/6-week online course followed by a 3-day in-person/i)).toBeInTheDocument();
  });

  it('renders as an article, leaving the main landmark to the app layout', () => {
    const { container } = renderPage(<TermsAndConditionsPage />, { path: PATH });

    expect(container.querySelector('article')).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('links the support address', () => {
    renderPage(<TermsAndConditionsPage />, { path: PATH });

    for (const link of screen.getAllByRole('link', { name: 'support@soulpunch.example' })) {
      expect(link).toHaveAttribute('href', 'mailto:support@soulpunch.example');
    }
  });

  it('lists the sections in a table of contents that moves focus to the chosen section', async () => {
    const user = userEvent.setup();
    renderPage(<TermsAndConditionsPage />, { path: PATH });

    const contents = screen.getByRole('navigation', { name: 'Table of contents' });
    const links = within(contents).getAllByRole('link');
    expect(links).toHaveLength(7);

    await user.click(within(contents).getByRole('link', { name: '4. Refund Policy' }));
    expect(screen.getByRole('heading', { level: 2, name: '4. Refund Policy' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('returns to the previous page', async () => {
    const user = userEvent.setup();
    renderPage(<TermsAndConditionsPage />, { path: PATH, history: ['/onboarding/checkout'] });

    await user.click(screen.getByRole('button', { name: 'Return to previous page' }));

    expect(screen.getByTestId('current-path')).toHaveTextContent('/onboarding/checkout');
  });

  it('goes to the home page when opened directly with nothing to go back to', async () => {
    const user = userEvent.setup();
    renderPage(<TermsAndConditionsPage />, { path: PATH });

    await user.click(screen.getByRole('button', { name: 'Return to previous page' }));

    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
  });
});
