import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { HASH } from '../testing/fixtures';

describe('verify page', () => {
  it('shows the recorded facts from the QR code and posts the chosen file as application/pdf', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: null }),
      'GET /api/verify/5?code=Qr-Code_1': json({
        id: 5,
        title: 'Liability Waiver',
        signerName: 'Tina Trainer',
        signedAt: '2025-03-06T15:30:00Z',
        pdfSha256: HASH,
        events: [{ type: 'signed', at: '2025-03-06T15:30:00Z' }],
      }),
      'POST /api/verify': json({
        valid: false,
        summary: 'This file is not one we issued, or it was changed after sealing.',
        reasons: ['The seal does not match the file.'],
        sha256: 'c'.repeat(64),
        document: null,
      }),
    });
    const { user } = renderApp('/verify-document?id=5&code=Qr-Code_1');
    expect(await screen.findByText('What we recorded for document 5')).toBeInTheDocument();
    expect(screen.getByText(/Liability Waiver, signed by Tina Trainer/)).toBeInTheDocument();
    expect(screen.getByText('pdfsig file.pdf')).toBeInTheDocument();

    const file = new File([new Uint8Array([37, 80, 68, 70])], 'signed.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Choose the signed PDF'), file);
    expect(await screen.findByText('This file could not be verified')).toBeInTheDocument();
    expect(screen.getByText('The seal does not match the file.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/verify' && init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('Content-Type')).toBe('application/pdf');
    expect(post?.[1]?.body).toBeInstanceOf(Blob);
  });

  it('without the check code printed on the document, shows the record but not who signed it', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: null }),
      'GET /api/verify/6': json({
        id: 6,
        title: 'Liability Waiver',
        signerName: null,
        signedAt: '2025-03-06T15:30:00Z',
        pdfSha256: HASH,
        events: [{ type: 'signed', at: '2025-03-06T15:30:00Z' }],
      }),
    });
    renderApp('/verify-document?id=6');
    expect(await screen.findByText('What we recorded for document 6')).toBeInTheDocument();
    expect(screen.getByText(/^Liability Waiver, signed on /)).toBeInTheDocument();
    expect(screen.queryByText(/signed by/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/The signer's name shows through the link printed on the document/),
    ).toBeInTheDocument();
  });
});
