import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/features/admin/testing/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { HASH } from '../testing/fixtures';

const body = `1. Confidentiality\n\n${'You keep the methods of Soul Punch confidential. '.repeat(6)}`;
const template = {
  type: 'nda',
  title: 'Non-Disclosure Agreement',
  description: 'Keeping our methods confidential.',
  version: 1,
  sha256: HASH,
  body,
  publishedAt: '2025-03-05T14:07:00Z',
  versions: [{ version: 1, sha256: HASH, publishedAt: '2025-03-05T14:07:00Z' }],
};
const campaign = {
  type: 'nda',
  version: 1,
  publishedAt: '2025-03-05T14:07:00Z',
  counts: { total: 2, signed: 1, waiting: 1, expired: 0 },
  trainers: [],
};

describe('document templates', () => {
  it('publishes a new version only after a dialog that warns everyone who signed will sign again', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/document-templates': json([template]),
      'GET /api/document-templates/nda/campaign': json(campaign),
      'POST /api/document-templates/nda/versions': json({ ...template, version: 2 }),
      'GET /api/documents': json([]),
      'GET /api/dashboard/stats': json({}),
    });
    const { user } = renderApp('/admin/documents/templates');
    expect(await screen.findByText('Version 1: 1 of 2 signed, 1 waiting, 0 expired')).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publish new version' });
    // Nothing changed yet: nothing to publish.
    expect(publish).toBeDisabled();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Confidentiality Agreement');
    await user.click(publish);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Every trainer who signed an older version will be asked to sign again/),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/versions'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Non-Disclosure Agreement version 2 is published.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/versions'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'Confidentiality Agreement',
      description: template.description,
      body,
    });
  });
});
