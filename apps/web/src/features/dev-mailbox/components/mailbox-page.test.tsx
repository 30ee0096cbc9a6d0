import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('development mailbox', () => {
  it('lists the outbox with clickable links', async () => {
    const link = 'http://localhost:3000/auth/confirm?token=abc123';
    mockApi({
      'GET /api/dev/mailbox': json({
        messages: [
          {
            id: 'm1',
            to: 'tina@example.com',
            subject: 'Your Soul Punch sign-in link',
            text: `Hello,\n\nSign in: ${link}\n\nThe link expires in 10 minutes.`,
            html: '<p>Hello</p>',
            createdAt: '2025-05-01T12:00:00.000Z',
          },
        ],
      }),
    });
    renderApp('/dev/mailbox');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your Soul Punch sign-in link' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
    expect(screen.getByText(/To tina@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', link);
  });

  it('says so when the server has no mailbox', async () => {
    mockApi({
      'GET /api/dev/mailbox': json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
    });
    renderApp('/dev/mailbox');

    expect(await screen.findByText('The mailbox is only available in development.')).toBeInTheDocument();
  });
});
