import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyPage, SupportPage, TermsOfServicePage } from './index';
import { renderPage } from './test-utils';
import type { LegalPageProps } from './types';

const pages: [string, ComponentType<LegalPageProps>, string][] = [
  ['Terms of Service', TermsOfServicePage, '/terms-of-service'],
  ['Privacy Policy', PrivacyPolicyPage, '/privacy'],
  ['Support', SupportPage, '/support'],
];

describe.each(pages)('%s navigation', (_title, Page, path) => {
  it('public: links back to Find a Trainer', async () => {
    const user = userEvent.setup();
    renderPage(<Page variant="public" />, { path });

    const back = screen.getByRole('link', { name: 'Back to Find a Trainer' });
    expect(back).toHaveAttribute('href', '/find-trainer');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(back);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/find-trainer');
  });

  it('public: returns to the previous page', async () => {
    const user = userEvent.setup();
    renderPage(<Page variant="public" />, { path, history: ['/classes'] });

    await user.click(screen.getByRole('button', { name: 'Return to previous page' }));

    expect(screen.getByTestId('current-path')).toHaveTextContent('/classes');
  });

  it('public: falls back to Find a Trainer when opened directly', async () => {
    const user = userEvent.setup();
    renderPage(<Page variant="public" />, { path });

    await user.click(screen.getByRole('button', { name: 'Return to previous page' }));

    expect(screen.getByTestId('current-path')).toHaveTextContent('/find-trainer');
  });

  it('portal: a Back button goes to the trainer dashboard', async () => {
    const user = userEvent.setup();
    renderPage(<Page variant="portal" />, { path, history: ['/classes'] });

    expect(screen.queryByRole('link', { name: 'Back to Find a Trainer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return to previous page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByTestId('current-path')).toHaveTextContent('/trainer-portal/dashboard');
  });
});
