import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const NUMBER = 'SP-1A2B-3C4D-5E6F-7A8B';
const certificate = (status: string) => ({
  certificateNumber: NUMBER,
  name: 'Tina Trainer',
  status,
  issuedOn: '2026-03-10',
  expiresOn: '2028-03-10',
});

describe('the certificate verify page', () => {
  it('shows the name, the standing in plain words and the dates of a certificate', async () => {
    mockApi({ [`GET /api/certificates/${NUMBER}`]: json(certificate('valid')) });
    renderApp(`/verify/${NUMBER}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: `Certificate ${NUMBER}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'ValidTina Trainer holds a valid Soul Punch certification through March 10, 2028.',
    );
    expect(screen.getByText('Issued').nextElementSibling).toHaveTextContent('March 10, 2026');
    expect(screen.getByText('Valid through').nextElementSibling).toHaveTextContent('March 10, 2028');
    expect(screen.getByRole('textbox', { name: 'Certificate number' })).toHaveValue(NUMBER);
    expect(screen.getByRole('link', { name: 'Verify a document' })).toHaveAttribute(
      'href',
      '/verify-document',
    );
  });

  it('says plainly when a certificate was revoked', async () => {
    mockApi({ [`GET /api/certificates/${NUMBER}`]: json(certificate('revoked')) });
    renderApp(`/verify/${NUMBER}`);
    expect(
      await screen.findByText('This certificate was revoked by Soul Punch: it is no longer valid.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Revoked', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Expiry date').nextElementSibling).toHaveTextContent('March 10, 2028');
    expect(screen.queryByText('Valid through')).not.toBeInTheDocument();
  });

  it("says there is no certificate with an unknown number, and shows the server's refusal otherwise", async () => {
    mockApi({
      'GET /api/certificates/SP-0000-0000-0000-0000': json(
        { error: { code: 'certificate_not_found', message: 'No certificate with this number.' } },
        { status: 404 },
      ),
      'GET /api/certificates/SP-1111-1111-1111-1111': json(
        {
          error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
        },
        { status: 429 },
      ),
    });
    renderApp('/verify/SP-0000-0000-0000-0000');
    expect(await screen.findByText('No certificate with this number')).toBeInTheDocument();
    renderApp('/verify/SP-1111-1111-1111-1111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it("sends the form's number to its page, and a signed document's old QR address to the document check", async () => {
    const fetchMock = mockApi({
      [`GET /api/certificates/${NUMBER}`]: json(certificate('valid')),
      'GET /api/verify/5?code=Qr-Code_1': json({
        id: 5,
        title: 'Liability Waiver',
        signerName: 'Tina Trainer',
        signedAt: '2025-03-06T15:30:00Z',
        pdfSha256: 'a'.repeat(64),
        events: [],
      }),
    });
    const typed = renderApp('/verify?number=sp%201a2b%203c4d%205e6f%207a8b');
    await waitFor(() => expect(typed.currentPath()).toBe(`/verify/${NUMBER}`));
    expect(await screen.findByText('Tina Trainer', { selector: 'dd' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`GET /api/certificates/${NUMBER}`);
    typed.unmount();

    const document = renderApp('/verify?id=5&code=Qr-Code_1');
    await waitFor(() => expect(document.currentPath()).toBe('/verify-document'));
    expect(document.router.state.location.search).toBe('?id=5&code=Qr-Code_1');
    expect(await screen.findByText('What we recorded for document 5')).toBeInTheDocument();
  });

  it('shows only the form at /verify', async () => {
    renderApp('/verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify a Certificate' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Check a certificate' })).toHaveAttribute('action', '/verify');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
