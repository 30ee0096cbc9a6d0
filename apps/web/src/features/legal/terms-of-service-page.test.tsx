import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsOfServicePage } from './index';
import { renderPage } from './test-utils';

describe('TermsOfServicePage', () => {
  it('shows the title and effective date', () => {
    renderPage(<TermsOfServicePage variant="public" />, { path: '/terms-of-service' });

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Effective May 2025')).toBeInTheDocument();
  });

  it('covers the platform topics, as numbered sections', () => {
    renderPage(<TermsOfServicePage variant="public" />, { path: '/terms-of-service' });

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const topic of [
      'Who We Are',
      'Accounts and Magic-Link Sign-In',
      'Using the Platform as a Trainer',
      'Using the Platform as a Visitor',
      'Payments',
      'Signed Documents',
      'Class Registration',
      'Acceptable Use',
      'Intellectual Property',
      'Disclaimers',
      'Limitation of Liability',
      'Termination',
      'Changes to These Terms',
      'Governing Law',
      'Contact Us',
    ]) {
      expect(headings).toContainEqual(expect.stringMatching(new RegExp(`^\\d+\\. ${topic}$`)));
    }
    expect(headings[0]).toBe('1. Who We Are');
  });

  it('describes sign-in, payments and the governing law', () => {
    renderPage(<TermsOfServicePage variant="public" />, { path: '/terms-of-service' });

    expect(screen.getByText(/single-use sign-in link/i)).toHaveTextContent(/expires after 10 minutes/);
    expect(screen.getByText(/never see or store your full card number/i)).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of the State of Oklahoma/i)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'support@soulpunch.example' }).length).toBeGreaterThan(0);
  });
});
