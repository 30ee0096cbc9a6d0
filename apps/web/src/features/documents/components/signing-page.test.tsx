import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { consentGiven, detail, HASH, summary, trainer } from '../testing/fixtures';

beforeEach(() => {
  // jsdom has no canvas; the drawn signature is optional, so the form works without it.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

describe('signing page', () => {
  it('asks for consent first and sends the disclosure version and hash', async () => {
    let given = false;
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/esign-consent': () => json({ ...consentGiven, given: given ? consentGiven.given : null }),
      'POST /api/esign-consent': () => {
        given = true;
        return json({ ok: true });
      },
      'GET /api/documents/1': json(detail()),
    });
    const { user } = renderApp('/trainer-portal/documents/1');
    await user.click(
      await screen.findByRole('button', { name: 'I agree to use electronic records and signatures' }),
    );
    expect(await screen.findByRole('button', { name: 'Sign Trainer Agreement' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/esign-consent' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      disclosureVersion: 1,
      disclosureSha256: 'b'.repeat(64),
    });
  });

  it("refuses to sign without the box, without a name or with another person's name, and sends nothing", async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/esign-consent': json(consentGiven),
      'GET /api/documents/1': json(detail()),
    });
    const { user } = renderApp('/trainer-portal/documents/1');
    const checkbox = await screen.findByRole('checkbox', { name: 'I have read and agree' });
    expect(checkbox).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sign Trainer Agreement' }));
    expect(screen.getByText("Please tick 'I have read and agree' to sign.")).toBeInTheDocument();
    expect(screen.getByText('Please type your full name to sign.')).toBeInTheDocument();
    await user.click(checkbox);
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), ' ');
    await user.click(screen.getByRole('button', { name: 'Sign Trainer Agreement' }));
    expect(screen.getByText('Please type your full name to sign.')).toBeInTheDocument();
    // Another person's name: the message says which name signs.
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Mickey Mouse');
    await user.click(screen.getByRole('button', { name: 'Sign Trainer Agreement' }));
    expect(screen.getByText(/as it appears on your account\. Type 'Tina Trainer'/)).toBeInTheDocument();
    expect(requestsMade(fetchMock).filter((r) => r.includes('/sign'))).toEqual([]);
  });

  it('signs with the hash of the version shown and shows the signed state with the PDF', async () => {
    const fetchMock = mockApi(signingRoutes([]));
    const { user } = renderApp('/trainer-portal/documents/1');
    await signTheAgreement(user);
    expect(await screen.findByRole('link', { name: 'Download signed PDF' })).toHaveAttribute(
      'href',
      '/api/documents/1/pdf',
    );
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/documents/1/sign');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      templateHash: HASH,
      agreed: true,
      fullName: 'Tina Trainer',
      signatureImage: null,
    });
  });

  /** The trainer's three documents, `signedIds` signed; document 1 signs through the form. */
  function signingRoutes(signedBefore: number[]) {
    let signed = false;
    const isSigned = (id: number) => signedBefore.includes(id) || (id === 1 && signed);
    const titles = ['Trainer Agreement', 'Non-Disclosure Agreement', 'Liability Waiver'];
    const types = ['trainer_agreement', 'nda', 'liability_waiver'] as const;
    return {
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/esign-consent': json(consentGiven),
      'GET /api/documents/1': () =>
        json(
          signed
            ? detail({ status: 'signed', signedAt: '2025-03-06T15:30:00Z', signerName: 'Tina Trainer' })
            : detail(),
        ),
      'POST /api/documents/1/sign': () => {
        signed = true;
        return json(summary({ status: 'signed' }));
      },
      'GET /api/trainers/7/documents': () =>
        json(
          types.map((type, i) =>
            summary({ id: i + 1, type, title: titles[i], status: isSigned(i + 1) ? 'signed' : 'sent' }),
          ),
        ),
      'GET /api/dashboard/stats': json({}),
    };
  }

  async function signTheAgreement(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('checkbox', { name: 'I have read and agree' }));
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Tina Trainer');
    await user.click(screen.getByRole('button', { name: 'Sign Trainer Agreement' }));
  }

  it('brings the confirmation into view and focuses it, naming what was signed, the count and the next one', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    mockApi(signingRoutes([3]));
    const { user } = renderApp('/trainer-portal/documents/1');
    await signTheAgreement(user);

    const confirmation = await screen.findByRole('status', { name: 'Trainer Agreement signed' });
    expect(confirmation).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(confirmation);
    expect(within(confirmation).getByText('2 of 3 signed.')).toBeInTheDocument();
    expect(within(confirmation).getByText('Next: the Non-Disclosure Agreement.')).toBeInTheDocument();
    expect(
      within(confirmation).getByRole('link', { name: 'Review and sign Non-Disclosure Agreement' }),
    ).toHaveAttribute('href', '/trainer-portal/documents/2');
    expect(within(confirmation).getByRole('link', { name: 'Download signed PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Trainer Agreement' })).not.toBeInTheDocument();
  });

  it('after the last signature says all are signed and leads on to the welcome page', async () => {
    mockApi(signingRoutes([2, 3]));
    const { user } = renderApp('/trainer-portal/documents/1');
    await signTheAgreement(user);

    const confirmation = await screen.findByRole('status', { name: 'Trainer Agreement signed' });
    expect(confirmation).toHaveFocus();
    expect(within(confirmation).getByText('3 of 3 signed.')).toBeInTheDocument();
    expect(
      within(confirmation).getByText(
        'All your documents are signed. Continue to your welcome page and your trainer access.',
      ),
    ).toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/onboarding/welcome',
    );
  });

  it('opening a document signed earlier shows it signed, without taking the focus or a next step', async () => {
    mockApi({
      ...signingRoutes([1]),
      'GET /api/documents/1': json(
        detail({ status: 'signed', signedAt: '2025-03-06T15:30:00Z', signerName: 'Tina Trainer' }),
      ),
    });
    renderApp('/trainer-portal/documents/1');

    const confirmation = await screen.findByRole('status', { name: 'Signed' });
    expect(confirmation).not.toHaveFocus();
    expect(within(confirmation).queryByText(/of 3 signed/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the version changed", async () => {
    mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/esign-consent': json(consentGiven),
      'GET /api/documents/1': json(detail()),
      'POST /api/documents/1/sign': json(
        {
          error: {
            code: 'version_changed',
            message:
              'This document has changed since you opened it. Please read the current version and sign again.',
          },
        },
        { status: 409 },
      ),
    });
    const { user } = renderApp('/trainer-portal/documents/1');
    await user.click(await screen.findByRole('checkbox', { name: 'I have read and agree' }));
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Tina Trainer');
    await user.click(screen.getByRole('button', { name: 'Sign Trainer Agreement' }));
    expect(await screen.findByText(/This document has changed since you opened it/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I have read and agree' })).not.toBeChecked();
  });

  it('asks a signed-out visitor to sign in', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    renderApp('/trainer-portal/documents/1');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
  });

  it('withdraws the consent, after which the consent step comes back', async () => {
    let given = true;
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/esign-consent': () => json({ ...consentGiven, given: given ? consentGiven.given : null }),
      'DELETE /api/esign-consent': () => {
        given = false;
        return json({ ok: true });
      },
      'GET /api/documents/1': json(detail()),
      'GET /api/dashboard/stats': json({}),
    });
    const { user } = renderApp('/trainer-portal/documents/1');
    await screen.findByRole('button', { name: 'Sign Trainer Agreement' });
    expect(screen.getByText(/Documents you have already signed stay signed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    expect(
      await screen.findByRole('button', { name: 'I agree to use electronic records and signatures' }),
    ).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('DELETE /api/esign-consent');
  });
});
