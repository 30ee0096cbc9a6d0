import { screen, waitFor, within } from '@testing-library/react';
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
const badge = '.mantine-Badge-label';
const campaign = {
  type: 'nda',
  version: 1,
  publishedAt: '2025-03-05T14:07:00Z',
  counts: { total: 2, signed: 1, waiting: 1, expired: 0 },
  trainers: [],
};

describe('document templates', () => {
  it('publishes a new version only after a dialog that warns everyone who signed will sign again', async () => {
    // The server as it is: once published, the lists answer version 2 and its campaign.
    let published = false;
    const v2 = { ...template, title: 'Confidentiality Agreement', version: 2 };
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/document-templates': () => json([published ? v2 : template]),
      'GET /api/document-templates/nda/campaign': async () => {
        if (!published) return json(campaign);
        // As over a network: the new version's campaign arrives after the page already shows version 2.
        await waitFor(() => expect(screen.getByText('Version 2', { selector: badge })).toBeInTheDocument());
        return json({ ...campaign, version: 2, counts: { total: 1, signed: 0, waiting: 1, expired: 0 } });
      },
      'POST /api/document-templates/nda/versions': () => {
        published = true;
        return json(v2);
      },
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
    // The toast, and the page shows the new version and its campaign at once, without a reload.
    expect(await screen.findByText('Confidentiality Agreement version 2 is published.')).toBeInTheDocument();
    expect(screen.getByText('Version 2: 0 of 1 signed, 1 waiting, 0 expired')).toBeInTheDocument();
    expect(screen.getByText('Version 2', { selector: badge })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish new version' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/versions'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'Confidentiality Agreement',
      description: template.description,
      body,
    });
  });
});
