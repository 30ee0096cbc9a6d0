import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { mockPortalApi } from '../../testing/fixtures';

const allOn = {
  staff: null,
  trainer: {
    class_registrations: 'immediately',
    class_cancellations: 'immediately',
    reminders: 'immediately',
  },
  digestTime: '7:00 AM Central time',
};

describe("the trainer's e-mail notifications", { timeout: 20_000 }, () => {
  it('shows each class notice as a switch and saves one as soon as it is switched', async () => {
    const fetchMock = mockPortalApi({
      routes: {
        'GET /api/notification-preferences': json(allOn),
        'PUT /api/notification-preferences': json({
          ...allOn,
          trainer: { ...allOn.trainer, class_registrations: 'off' },
        }),
      },
    });
    renderApp('/trainer-portal/profile');
    const section = await screen.findByRole('region', { name: 'E-mail notifications' });
    const registrations = within(section).getByRole('switch', {
      name: 'Someone registers for one of my classes',
    });
    expect(registrations).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Reminders of my consultations' })).toBeChecked();

    // Off in the click's own render, before the server answers.
    fireEvent.click(registrations);
    expect(registrations).not.toBeChecked();
    expect(await screen.findByText('Someone registers for one of my classes: off.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/notification-preferences' && init?.method === 'PUT',
    );
    expect(put?.[1]?.body).toBe('{"trainer":{"class_registrations":"off"}}');
    expect(registrations).not.toBeChecked();
  });
});
