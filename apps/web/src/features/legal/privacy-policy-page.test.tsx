import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyPage } from './index';
import { renderPage } from './test-utils';

describe('PrivacyPolicyPage', () => {
  it('shows the title and effective date', () => {
    renderPage(<PrivacyPolicyPage variant="public" />, { path: '/privacy' });

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective May 2025')).toBeInTheDocument();
  });

  it('covers what is collected, why, sharing, retention, security, rights, children and contact', () => {
    renderPage(<PrivacyPolicyPage variant="public" />, { path: '/privacy' });

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const topic of [
      'Information We Collect',
      'Cookies and Local Storage',
      'How We Use Your Information',
      'Legal Bases',
      'Sharing Your Information',
      'Data Retention',
      'Security',
      'Your Rights',
      'Children',
      'Contact Us',
    ]) {
      expect(headings).toContainEqual(expect.stringMatching(new RegExp(`^\\d+\\. ${topic}$`)));
    }
  });

  it('states the data promises', () => {
    renderPage(<PrivacyPolicyPage variant="public" />, { path: '/privacy' });

    expect(screen.getByText(/we never receive or store card numbers/i)).toBeInTheDocument();
    expect(
      screen.getByText(/E-mail is the only contact information we collect from visitors/),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Signed documents:.*with their audit trail/)).toBeInTheDocument();
    expect(screen.getByText(/single session cookie/i)).toHaveTextContent(/do not use advertising trackers/i);
    for (const right of [
      /access to a copy/i,
      /^correct information/i,
      /^delete your information/i,
      /^export/i,
    ]) {
      expect(screen.getByText(right)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'support@soulpunch.example' }).length).toBeGreaterThan(0);
  });
});
