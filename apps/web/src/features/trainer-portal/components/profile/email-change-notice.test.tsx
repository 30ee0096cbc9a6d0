import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { mockPortalApi, profileFixture, profileRoute } from '../../testing/fixtures';

const pending = { email: 'tina.new@example.com', expiresAt: '2026-03-03T10:00:00.000Z' };

describe('a sign-in e-mail change in the profile editor', { timeout: 20_000 }, () => {
  it('says a link was sent to the new address when the save starts a change, and keeps the old one', async () => {
    let saved = profileFixture();
    const fetchMock = mockPortalApi({
      routes: {
        // The server keeps the address and answers with the change waiting for its link.
        [`POST ${profileRoute}`]: () => {
          saved = { ...saved, pendingEmailChange: pending };
          return json(saved);
        },
        [`GET ${profileRoute}`]: () => json(saved),
      },
    });
    const view = renderApp('/trainer-portal/profile');
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    await view.user.clear(email);
    await view.user.paste('tina.new@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(
      (await screen.findAllByText(/A confirmation link was sent to tina\.new@example\.com\./)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('tina@example.com');
    expect(await screen.findByText(/Your sign-in e-mail stays tina@example\.com/)).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`POST ${profileRoute}`);
  });

  it('shows a waiting change and cancels it', async () => {
    const fetchMock = mockPortalApi({
      profile: profileFixture({ pendingEmailChange: pending }),
      routes: { [`DELETE ${profileRoute}/email-change`]: json({ pendingEmailChange: null }) },
    });
    const view = renderApp('/trainer-portal/profile');
    expect(await screen.findByText(/Your sign-in e-mail stays tina@example\.com/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(screen.queryByText(/Your sign-in e-mail stays/)).not.toBeInTheDocument());
    expect(requestsMade(fetchMock)).toContain(`DELETE ${profileRoute}/email-change`);
  });
});
