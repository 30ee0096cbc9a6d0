import { DEFAULT_BRAND } from '@soulpunch/shared';
import { describe, expect, it } from 'vitest';
import { brandEmail } from './brand';
import { magicLinkEmail, noticeEmail } from './templates';

const acme = {
  name: 'Acme <Defense>',
  primaryColor: '#0b7285',
  supportEmail: 'help@acme.example',
  postalAddress: '1 Main St, Tulsa, OK 74103',
  logoUrl: '/api/branding/logo-1-00000000-0000-0000-0000-000000000000.png',
};

describe('e-mails in the brand', () => {
  it("puts the brand's name, colour, logo, support and postal addresses in a sign-in e-mail", () => {
    const mail = brandEmail(
      magicLinkEmail('nia@example.com', 'Nia', 'http://app/auth/confirm?token=abc'),
      acme,
      'http://app',
    );
    expect(mail.subject).toBe('Your Acme <Defense> sign-in link');
    expect(mail.text).toContain('Use this link to sign in to the Acme <Defense> Trainer Portal:');
    expect(
      mail.text.endsWith('--\nAcme <Defense>\nQuestions? help@acme.example\n1 Main St, Tulsa, OK 74103'),
    ).toBe(true);
    expect(mail.html).not.toContain('Soul Punch');
    expect(mail.html).not.toContain('#c2255c');
    expect(mail.html).toContain('background:#0b7285;color:#fff');
    expect(mail.html).toContain('Sign in to Acme &lt;Defense&gt;');
    expect(mail.html).toMatch(
      /<body[^>]*>\n<div style="background:#0b7285;[^"]*"><span [^>]*><img src="http:\/\/app\/api\/branding\/logo-[^"]+\.png" alt=""/,
    );
    expect(mail.html).toContain(
      '<a href="mailto:help@acme.example" style="color:#0b7285;">help@acme.example</a><br>1 Main St, Tulsa, OK 74103</p>\n</body>',
    );
    expect(mail.replyTo).toBe('help@acme.example');
  });

  it('keeps the default brand as written, with its header and footer', () => {
    const message = noticeEmail({
      to: 'a@example.com',
      name: 'A',
      subject: 'Soul Punch notice',
      paragraphs: ['Hi.'],
    });
    const mail = brandEmail(message, DEFAULT_BRAND, 'http://app');
    expect(mail.subject).toBe('Soul Punch notice');
    expect(mail.html).toContain(`background:${DEFAULT_BRAND.primaryColor};`);
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toBe(`${message.text}\n\n--\nSoul Punch\nQuestions? ${DEFAULT_BRAND.supportEmail}`);
  });
});
