import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { summary, trainer } from '../testing/fixtures';

const three = (signed: number) =>
  (['trainer_agreement', 'nda', 'liability_waiver'] as const).map((type, i) =>
    summary({
      id: i + 1,
      type,
      title: ['Trainer Agreement', 'Non-Disclosure Agreement', 'Liability Waiver'][i],
      status: i < signed ? 'signed' : 'sent',
    }),
  );

describe('onboarding documents', () => {
  it('keeps Continue disabled with the spec message until all three are signed', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/trainers/7/documents': json(three(2)),
    });
    renderApp('/onboarding/documents');
    expect(await screen.findByText('2 of 3 signed')).toBeInTheDocument();
    expect(screen.getByText('Please sign all required documents to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Review and sign Liability Waiver' })).toHaveAttribute(
      'href',
      '/trainer-portal/documents/3',
    );
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeCloseTo(66.67, 1);
  });

  it('opens Continue when all are signed, and it leads to the welcome page', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/trainers/7/documents': json(three(3)),
      // The welcome page's own data; this test only checks that it opens.
      'GET /api/resources': pending,
    });
    const view = renderApp('/onboarding/documents');
    expect(await screen.findByText('3 of 3 signed')).toBeInTheDocument();
    expect(screen.queryByText('Please sign all required documents to continue.')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'All your documents are signed. Continue to your welcome page and your trainer access.',
    );
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(cont).toBeEnabled();
    await view.user.click(cont);
    expect(view.currentPath()).toBe('/onboarding/welcome');
  });
});
