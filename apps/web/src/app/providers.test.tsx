import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

describe('the toasts container', () => {
  it('is not loaded with a page, and comes with the first toast, which it shows', async () => {
    render(
      <AppProviders env="test">
        <p>A page</p>
      </AppProviders>,
    );
    await screen.findByText('A page');
    // Given time to load, nothing of the container is on the page until a toast is shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notifications.show({ message: 'Magic link sent!' });
    });
    expect(await screen.findByText('Magic link sent!')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    act(() => notifications.clean());
  });
});
