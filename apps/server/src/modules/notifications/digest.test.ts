import { describe, expect, it } from 'vitest';
import { digestCutoff, digestEmail, groupDigest } from './digest';

const at = (iso: string) => new Date(iso);

describe('the daily digest time (7:00 AM Central)', () => {
  it('is this morning once 7:00 has passed, else yesterday morning', () => {
    // January: Central standard time (UTC-6), 7:00 is 13:00 UTC.
    expect(digestCutoff(at('2026-01-06T13:30:00Z'))).toEqual(at('2026-01-06T13:00:00Z'));
    expect(digestCutoff(at('2026-01-06T13:00:00Z'))).toEqual(at('2026-01-06T13:00:00Z'));
    expect(digestCutoff(at('2026-01-06T12:59:59Z'))).toEqual(at('2026-01-05T13:00:00Z'));
    // Just after midnight Central is still yesterday's digest's day.
    expect(digestCutoff(at('2026-01-07T06:30:00Z'))).toEqual(at('2026-01-06T13:00:00Z'));
  });

  it('follows daylight saving time', () => {
    // 8 March 2026 the clocks go forward: 7:00 CDT is 12:00 UTC, the day before 7:00 CST was 13:00 UTC.
    expect(digestCutoff(at('2026-03-08T12:30:00Z'))).toEqual(at('2026-03-08T12:00:00Z'));
    expect(digestCutoff(at('2026-03-08T11:30:00Z'))).toEqual(at('2026-03-07T13:00:00Z'));
    expect(digestCutoff(at('2026-07-01T12:00:00Z'))).toEqual(at('2026-07-01T12:00:00Z'));
  });
});

const item = (kind: string, subject: string, minute: number, link: string | null = null) => ({
  kind,
  subject,
  text: `${subject} happened.`,
  link,
  createdAt: new Date(Date.UTC(2026, 0, 5, 14, minute)),
});

describe('grouping a digest', () => {
  it("puts the kinds in the settings' order and each kind's notices oldest first", () => {
    const sections = groupDigest([
      item('assistant_unanswered', 'Question B', 30),
      item('new_enrolment', 'Enrolment 2', 20),
      item('assistant_unanswered', 'Question A', 10),
      item('new_enrolment', 'Enrolment 1', 5),
      item('mystery', 'Something else', 1),
      item('dispute', 'Dispute', 40),
    ]);
    expect(sections.map((s) => [s.label, s.items.map((i) => i.subject)])).toEqual([
      ['New enrolment', ['Enrolment 1', 'Enrolment 2']],
      ['Dispute (chargeback)', ['Dispute']],
      ['Unanswered assistant question', ['Question A', 'Question B']],
      ['mystery', ['Something else']],
    ]);
    expect(groupDigest([])).toEqual([]);
  });

  it('makes one e-mail with every notice, counted, by kind, with their links', () => {
    const mail = digestEmail(
      { email: 'bea@example.com', name: 'Bea <Boss>' },
      [
        item('new_enrolment', 'New enrolment: Nia', 5, 'http://app/admin/trainers/4'),
        item('document_expired', 'Document expired: NDA', 6),
      ],
      'http://app/admin/settings',
    );
    expect(mail.to).toBe('bea@example.com');
    expect(mail.subject).toBe('Your Soul Punch daily digest: 2 notices');
    expect(mail.text).toContain(
      'New enrolment (1)\n- New enrolment: Nia: New enrolment: Nia happened.\n  http://app/admin/trainers/4',
    );
    expect(mail.text).toContain(
      'Document expired (1)\n- Document expired: NDA: Document expired: NDA happened.',
    );
    expect(mail.text.indexOf('New enrolment (1)')).toBeLessThan(mail.text.indexOf('Document expired (1)'));
    expect(mail.html).toContain('<p>Hi Bea &lt;Boss&gt;,</p>');
    expect(mail.html).toContain('<a href="http://app/admin/trainers/4">Open</a>');
    expect(mail.html.match(/<h2 /g)).toHaveLength(2);
    expect(digestEmail({ email: 'a@b.c', name: 'A' }, [item('dispute', 'D', 1)], 'x').subject).toBe(
      'Your Soul Punch daily digest: 1 notice',
    );
  });
});
