import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { classSummary } from '@/features/classes/testing/class-summary';
import { json, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { mockPortalApi, profileFixture, profileRoute, TRAINER_ID } from '../../testing/fixtures';

async function openEditor() {
  const view = renderApp('/trainer-portal/profile');
  await screen.findByRole('tab', { name: 'Personal' });
  return view;
}

/** Puts text into an empty field in one go: typing key by key is slow and adds nothing here. */
async function fill(view: ReturnType<typeof renderApp>, field: HTMLElement, text: string) {
  await view.user.click(field);
  await view.user.paste(text);
}

async function openTab(view: ReturnType<typeof renderApp>, name: string) {
  await view.user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

function sectionScore(label: string): string | null | undefined {
  const card = screen.getByRole('region', { name: 'Profile Completion' });
  return within(card).getByText(label).previousElementSibling?.textContent;
}

function savedBody(fetchMock: ReturnType<typeof mockPortalApi>): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([url, init]) => url === profileRoute && init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
}

// Whole-app renders with many interactions: slow machines need more than the default 5 s.
describe('trainer profile editor', { timeout: 20_000 }, () => {
  it('loads the profile into the Personal tab with the ways out of the page', async () => {
    mockPortalApi({ profile: profileFixture({ city: 'Tulsa', state: 'OK', phone: '(918) 555-0100' }) });
    renderApp('/trainer-portal/profile');

    expect(await screen.findByText('Loading your profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const panel = screen.getByRole('tabpanel', { name: 'Personal' });
    expect(within(panel).getByLabelText(/Full name/)).toHaveValue('Tina Trainer');
    expect(within(panel).getByLabelText(/Email/)).toHaveValue('tina@example.com');
    expect(within(panel).getByLabelText('City')).toHaveValue('Tulsa');
    expect(within(panel).getByLabelText('State/Province')).toHaveValue('OK');
    expect(within(panel).getByLabelText('Phone')).toHaveValue('(918) 555-0100');
    for (const label of ['Website', 'Street address', 'Postal code']) {
      expect(within(panel).getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/trainer-portal/dashboard',
    );
    const directory = screen.getByRole('link', { name: 'View Trainer Directory' });
    expect(directory).toHaveAttribute('href', '/find-trainer');
    expect(directory).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Personal',
      'Social',
      'Certification',
      'Business',
      'Materials',
      'Public Profile',
      'Community',
    ]);
  });

  it('scores the six sections and recomputes them while typing', async () => {
    mockPortalApi();
    const view = await openEditor();

    const card = screen.getByRole('region', { name: 'Profile Completion' });
    // Name and email (Personal 2/4), the three default materials of the admin's five (Material Access), display
    // name from the first name (1/3).
    expect(sectionScore('Personal')).toBe('50%');
    expect(sectionScore('Materials')).toBe('60%');
    expect(sectionScore('Public Profile')).toBe('33%');
    expect(within(card).getByText('24%')).toBeInTheDocument();

    await fill(view, screen.getByLabelText('City'), 'Denver');
    expect(sectionScore('Personal')).toBe('75%');
    await fill(view, screen.getByLabelText('State/Province'), 'CO');
    expect(sectionScore('Personal')).toBe('100%');
    expect(within(card).queryByText('Profile Complete!')).not.toBeInTheDocument();
  });

  it('scores no materials before the program is paid, as the admin sees them, and says why', async () => {
    mockPortalApi({ profile: profileFixture({ materialsUnlocked: false, hasVideoLibrary: true }) });
    const view = await openEditor();
    expect(sectionScore('Materials')).toBe('0%');
    const panel = await openTab(view, 'Materials');
    expect(within(panel).getByLabelText('Video library')).toBeChecked();
    expect(
      within(panel).getByText(
        'Your materials open once your payment is complete: until then they do not count towards your profile.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Profile Complete!' at 100%", async () => {
    mockPortalApi({
      profile: profileFixture({
        city: 'Tulsa',
        state: 'OK',
        instagram: '@tina',
        facebook: 'tina.fb',
        website: 'https://tina.example',
        trainingDate: '2024-01-01',
        hasInsurance: true,
        insuranceProvider: 'kk',
        hasStripe: true,
        stripePaymentLink: 'https://buy.stripe.com/x',
        hasPaypal: true,
        paypalPaymentLink: 'https://paypal.com/x',
        hasPillar: true,
        pillarAccountLink: 'https://pillar.io/x',
        hasAffiliateLink: true,
        affiliateLink: 'https://soulpunch.example/shop?aff=t',
        hasVideoLibrary: true,
        hasTrainerDrive: true,
        displayName: 'Tina',
        publicBio: 'Hello',
        specializations: ['Teen Safety'],
      }),
    });
    await openEditor();

    expect(screen.getByText('Profile Complete!')).toBeInTheDocument();
    expect(screen.getByText('Your profile is ready for the trainer directory.')).toBeInTheDocument();
  });

  it('shows the insurance details only while the insurance box is checked', async () => {
    mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Certification');

    expect(within(panel).getByLabelText('Initial training date')).toHaveAttribute('type', 'date');
    expect(within(panel).queryByLabelText('Next renewal date')).not.toBeInTheDocument();
    expect(within(panel).getByText(/expiry and renewal are on your dashboard/)).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Insurance provider' })).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Insurance expiry date')).not.toBeInTheDocument();

    await view.user.click(within(panel).getByLabelText('I have liability insurance'));

    expect(within(panel).getByLabelText('Insurance expiry date')).toBeInTheDocument();
    await view.user.click(within(panel).getByRole('combobox', { name: 'Insurance provider' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Next Insurance', 'K&K Insurance', 'Other Provider']);
    await view.user.click(screen.getByRole('option', { name: 'K&K Insurance' }));
    expect(sectionScore('Cert')).toBe('67%');

    await view.user.click(within(panel).getByLabelText('I have liability insurance'));
    expect(within(panel).queryByLabelText('Insurance expiry date')).not.toBeInTheDocument();
  });

  it('shows each payment and affiliate link field only while its box is checked', async () => {
    mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Business');

    const pairs = [
      ['I have a Stripe account', 'Stripe payment link'],
      ['I have a PayPal account', 'PayPal payment link'],
      ['I have a Pillar account', 'Pillar account link'],
      ['I have an affiliate link', 'Affiliate link'],
    ] as const;
    for (const [box, field] of pairs) {
      expect(within(panel).queryByLabelText(field)).not.toBeInTheDocument();
      await view.user.click(within(panel).getByLabelText(box));
      expect(within(panel).getByLabelText(field)).toBeInTheDocument();
    }
    expect(within(panel).getByLabelText(/Class payment link/)).toBeInTheDocument();

    await fill(view, within(panel).getByLabelText('Stripe payment link'), 'https://buy.stripe.com/tina');
    expect(sectionScore('Business')).toBe('25%');
    await view.user.click(within(panel).getByLabelText('I have a Stripe account'));
    expect(within(panel).queryByLabelText('Stripe payment link')).not.toBeInTheDocument();
    expect(sectionScore('Business')).toBe('0%');
  });

  it('lists the materials with the support address', async () => {
    mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Materials');

    for (const label of ['Curriculum', 'Marketing resources', 'Workbooks']) {
      expect(within(panel).getByLabelText(label)).toBeChecked();
    }
    for (const label of ['Video library', 'Trainer Drive', 'Canva', 'Marketing assets']) {
      expect(within(panel).getByLabelText(label)).not.toBeChecked();
    }
    expect(panel).toHaveTextContent(
      "If you're missing access to any materials, please contact support@soulpunch.example and we'll help restore your access.",
    );
    // Paid: no note about the payment.
    expect(within(panel).queryByText(/open once your payment is complete/)).not.toBeInTheDocument();
  });

  it('adds and removes additional social platforms', async () => {
    const fetchMock = mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Social');

    for (const label of [
      'Instagram',
      'Facebook',
      'TikTok',
      'LinkedIn',
      'Twitter/X',
      'Pillar',
      'YouTube',
      'Website',
    ]) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    }
    await view.user.click(within(panel).getByRole('button', { name: '+ Add Platform' }));
    await view.user.click(within(panel).getByRole('button', { name: '+ Add Platform' }));
    await fill(view, within(panel).getByLabelText('Platform name 1'), 'Threads');
    await fill(view, within(panel).getByLabelText('URL or username 1'), '@tina');
    await view.user.click(within(panel).getByRole('button', { name: 'Remove platform 2' }));
    expect(within(panel).queryByLabelText('Platform name 2')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    await screen.findByText('Profile Updated');
    expect(savedBody(fetchMock).otherSocialMedia).toEqual([{ platform: 'Threads', url: '@tina' }]);
  });

  it('counts the public bio and refuses a 251st character', async () => {
    mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Public Profile');

    const bio = within(panel).getByLabelText('Public bio');
    expect(within(panel).getByText('250 characters maximum')).toBeInTheDocument();
    expect(within(panel).getByText('0/250')).toBeInTheDocument();
    await fill(view, bio, 'Hello');
    expect(within(panel).getByText('5/250')).toBeInTheDocument();

    await view.user.clear(bio);
    bio.focus();
    await view.user.paste('x'.repeat(251));
    expect(bio).toHaveValue('x'.repeat(250));
    expect(within(panel).getByText('250/250')).toBeInTheDocument();
    await view.user.type(bio, 'y');
    expect(bio).toHaveValue('x'.repeat(250));
  });

  it('picks specializations from presets and custom, comma-separated entries shown as removable chips', async () => {
    const fetchMock = mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Public Profile');

    const specializations = within(panel).getByRole('group', { name: 'Specializations' });
    await view.user.click(within(specializations).getByLabelText('Teen Safety'));
    await fill(
      view,
      within(specializations).getByLabelText('Add custom specialization'),
      ' Krav Maga , , Elder Safety ',
    );
    await view.user.click(within(specializations).getByRole('button', { name: 'Add specialization' }));
    expect(within(specializations).getByText('Krav Maga')).toBeInTheDocument();
    expect(within(specializations).getByText('Elder Safety')).toBeInTheDocument();
    await view.user.click(within(specializations).getByRole('button', { name: 'Remove Elder Safety' }));
    expect(within(specializations).queryByText('Elder Safety')).not.toBeInTheDocument();

    const classTypes = within(panel).getByRole('group', { name: 'Class types' });
    await view.user.type(within(classTypes).getByLabelText('Add custom class type'), 'Kids Camp{Enter}');
    expect(within(classTypes).getByText('Kids Camp')).toBeInTheDocument();
    expect(sectionScore('Public Profile')).toBe('67%');

    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    await screen.findByText('Profile Updated');
    const body = savedBody(fetchMock);
    expect(body.specializations).toEqual(['Teen Safety', 'Krav Maga']);
    expect(body.classTypes).toEqual(['Kids Camp']);
  });

  it('shows the validation messages under the fields and sends nothing', async () => {
    const fetchMock = mockPortalApi();
    const view = await openEditor();

    await view.user.clear(screen.getByLabelText(/Full name/));
    await fill(view, screen.getByLabelText(/Full name/), 'T');
    await view.user.clear(screen.getByLabelText(/Email/));
    await fill(view, screen.getByLabelText(/Email/), 'not-an-email');
    await fill(view, screen.getByLabelText('Website'), 'tina.example');
    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a valid URL (starting with http:// or https://)'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain(`POST ${profileRoute}`);

    await view.user.type(screen.getByLabelText(/Full name/), 'ina');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    // Once every message is gone, so is the summary: no stale error beside a fixed form.
    await view.user.clear(screen.getByLabelText(/Email/));
    await fill(view, screen.getByLabelText(/Email/), 'tina@example.com');
    await view.user.clear(screen.getByLabelText('Website'));
    await fill(view, screen.getByLabelText('Website'), 'https://tina.example');
    expect(screen.queryByText(/Please correct the highlighted fields/)).not.toBeInTheDocument();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('opens the tab of a field with an error', async () => {
    mockPortalApi();
    const view = await openEditor();
    const panel = await openTab(view, 'Public Profile');
    await fill(view, within(panel).getByLabelText('Public email'), 'nope');
    await openTab(view, 'Personal');

    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByRole('tab', { name: 'Public Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    // On another tab, the summary says where the highlighted field is.
    await openTab(view, 'Personal');
    expect(
      screen.getByText('Please correct the highlighted fields (on Public Profile).'),
    ).toBeInTheDocument();
  });

  it('saves what was typed, toasts and returns to the dashboard after 1.5 s', async () => {
    const fetchMock = mockPortalApi();
    const view = await openEditor();

    await fill(view, screen.getByLabelText('City'), 'Denver');
    await fill(view, screen.getByLabelText('State/Province'), 'CO');
    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile information has been saved successfully.')).toBeInTheDocument();
    const body = savedBody(fetchMock);
    expect(body).toMatchObject({
      name: 'Tina Trainer',
      email: 'tina@example.com',
      city: 'Denver',
      state: 'CO',
    });
    expect(body).not.toHaveProperty('featuredTrainer');
    // Hidden link fields are left as stored.
    expect(body).not.toHaveProperty('stripePaymentLink');
    expect(view.currentPath()).toBe('/trainer-portal/profile');

    await waitFor(() => expect(view.currentPath()).toBe('/trainer-portal/dashboard'), { timeout: 3000 });
    // The dashboard loads its own data: a busy machine may take a few seconds.
    expect(
      await screen.findByText('Welcome back, Tina Trainer!', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  describe('a new class payment link', () => {
    const OLD = 'https://pay.example/old';
    const NEW = 'https://pay.example/new';
    const applyRoute = `/api/trainers/${TRAINER_ID}/classes/payment-link`;
    const classes = [
      classSummary({ id: 1, start: '2030-07-20T19:00:00.000Z', paymentLink: OLD }),
      classSummary({ id: 2, start: '2030-07-21T19:00:00.000Z', paymentLink: 'https://pay.example/own' }),
      classSummary({ id: 3, start: '2030-07-22T19:00:00.000Z', paymentLink: OLD, status: 'cancelled' }),
      classSummary({ id: 4, start: '2020-07-20T19:00:00.000Z', paymentLink: OLD }),
    ];
    const editLink = async () => {
      const fetchMock = mockPortalApi({
        profile: profileFixture({ basicClassPaymentLink: OLD }),
        routes: {
          [`GET /api/trainers/${TRAINER_ID}/classes`]: json(classes),
          [`POST ${applyRoute}`]: json({ updated: 1, paymentLink: NEW }),
        },
      });
      const view = await openEditor();
      await openTab(view, 'Business');
      const field = screen.getByLabelText('Class payment link');
      await view.user.clear(field);
      await view.user.paste(NEW);
      await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Update upcoming classes?' }));
      // Only the scheduled class still ahead on the old link counts.
      expect(dialog.getByText(/1 upcoming class still uses the old link/)).toHaveTextContent(OLD);
      return { fetchMock, view, dialog };
    };

    it('asks whether to update the upcoming classes, and has the server do it', async () => {
      const { fetchMock, view, dialog } = await editLink();
      expect(view.currentPath()).toBe('/trainer-portal/profile');
      // One toast at a time (spec 9): 'Profile Updated' makes way for the next.
      await view.user.click(screen.getByRole('button', { name: 'Close notification' }));
      await view.user.click(dialog.getByRole('button', { name: 'Update Class' }));
      expect(await screen.findByText('Upcoming Classes Updated')).toBeInTheDocument();
      expect(screen.getByText('1 upcoming class now uses your new payment link.')).toBeInTheDocument();
      const call = fetchMock.mock.calls.find(([url]) => url === applyRoute);
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ previousLink: OLD });
      await waitFor(() => expect(view.currentPath()).toBe('/trainer-portal/dashboard'), { timeout: 3000 });
    });

    it('leaves the classes alone when the trainer keeps their old link', async () => {
      const { fetchMock, view, dialog } = await editLink();
      await view.user.click(dialog.getByRole('button', { name: 'Keep Their Old Link' }));
      await waitFor(() => expect(view.currentPath()).toBe('/trainer-portal/dashboard'), { timeout: 3000 });
      expect(requestsMade(fetchMock)).not.toContain(`POST ${applyRoute}`);
    });
  });

  it("shows 'Update Failed' when the save fails, and the server's field messages", async () => {
    mockPortalApi({
      routes: {
        [`POST ${profileRoute}`]: json(
          {
            error: {
              code: 'validation_error',
              message: 'This email is already used by another trainer.',
              fields: { email: 'This email is already used by another trainer.' },
            },
          },
          { status: 400 },
        ),
      },
    });
    const view = await openEditor();

    await fill(view, screen.getByLabelText('City'), 'Denver');
    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(
      screen.getByText('There was a problem updating your profile. Please try again.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('tabpanel', { name: 'Personal' })).getByText(
        'This email is already used by another trainer.',
      ),
    ).toBeInTheDocument();
    expect(view.currentPath()).toBe('/trainer-portal/profile');
  });

  it("shows 'Update Failed' when the server is down", async () => {
    mockPortalApi({
      routes: {
        [`POST ${profileRoute}`]: json(
          {
            error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
          },
          { status: 500 },
        ),
      },
    });
    const view = await openEditor();

    await view.user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toBeInTheDocument();
  });
});

describe('trainer profile editor: picture', { timeout: 20_000 }, () => {
  const upload = () => screen.getByLabelText('Upload profile picture');

  it('refuses a picture over 2 MB and a file that is not PNG or JPEG, without uploading', async () => {
    const fetchMock = mockPortalApi();
    await openEditor();
    expect(screen.getByText('PNG, JPG or JPEG, 2MB maximum.')).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(
      upload(),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('The picture must be 2 MB or smaller.')).toBeInTheDocument();

    await user.upload(upload(), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please upload a PNG or JPEG image.')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain(`POST ${profileRoute}/picture`);
  });

  it('uploads a picture, shows it, and removes it', async () => {
    const fetchMock = mockPortalApi({
      routes: {
        [`POST ${profileRoute}/picture`]: json({ profilePicture: '/api/pictures/new.webp' }),
        [`DELETE ${profileRoute}/picture`]: json({ profilePicture: null }),
      },
    });
    const view = await openEditor();

    await view.user.upload(
      upload(),
      new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }),
    );

    expect(await screen.findByRole('img', { name: 'Profile picture of Tina Trainer' })).toHaveAttribute(
      'src',
      '/api/pictures/new.webp',
    );
    expect(await screen.findByText('Picture Updated')).toBeInTheDocument();
    // The app's internal address is not shown as if the trainer had typed it.
    expect(screen.getByLabelText('Or use an image URL')).toHaveValue('');
    expect(screen.getByText(/Your uploaded picture is in use/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === `${profileRoute}/picture`);
    const sent = call?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);

    await view.user.click(screen.getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(screen.queryByRole('img', { name: /Profile picture/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('TT')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`DELETE ${profileRoute}/picture`);
    // Saved at once: nothing is left unsaved.
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  it('previews an image URL and falls back to the initials when it is broken', async () => {
    mockPortalApi();
    const view = await openEditor();

    await fill(view, screen.getByLabelText('Or use an image URL'), 'https://img.example/me.jpg');
    const picture = screen.getByRole('img', { name: 'Profile picture of Tina Trainer' });
    expect(picture).toHaveAttribute('src', 'https://img.example/me.jpg');
    fireEvent.error(picture);
    expect(await screen.findByText('TT')).toBeInTheDocument();
  });
});

describe('trainer profile editor: unsaved changes', { timeout: 20_000 }, () => {
  it('asks before leaving with unsaved edits, and stays or leaves as chosen', async () => {
    mockPortalApi();
    const view = await openEditor();

    await fill(view, screen.getByLabelText('City'), 'Denver');
    await view.user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.currentPath()).toBe('/trainer-portal/profile');
    expect(screen.getByLabelText('City')).toHaveValue('Denver');

    await view.user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await view.user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave Without Saving',
      }),
    );

    await waitFor(() => expect(view.currentPath()).toBe('/trainer-portal/dashboard'));
  });

  it('leaves without asking when nothing changed', async () => {
    mockPortalApi();
    const view = await openEditor();

    await view.user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));

    await waitFor(() => expect(view.currentPath()).toBe('/trainer-portal/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns the browser before the tab closes with unsaved edits', async () => {
    mockPortalApi();
    const view = await openEditor();
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);

    await fill(view, screen.getByLabelText('City'), 'Denver');
    const warned = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(warned);
    expect(warned.defaultPrevented).toBe(true);
  });
});
