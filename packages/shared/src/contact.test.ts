import { describe, expect, it } from 'vitest';
import { contactActionFor } from './contact';

describe('contact button', () => {
  it.each([
    [
      'maria@example.com',
      { kind: 'email', href: 'mailto:maria@example.com?subject=Soul%20Punch%20Training%20Inquiry' },
    ],
    ['(918) 555-0101', { kind: 'phone', href: 'tel:9185550101' }],
    ['+1 918-555-0101', { kind: 'phone', href: 'tel:19185550101' }],
    ['https://maria.example', { kind: 'web', href: 'https://maria.example' }],
    ['http://maria.example', { kind: 'web', href: 'http://maria.example' }],
    ['www.maria.example', { kind: 'web', href: 'https://www.maria.example' }],
    ['maria', { kind: 'email', href: 'mailto:maria?subject=Soul%20Punch%20Training%20Inquiry' }],
  ])('%s', (value, expected) => {
    expect(contactActionFor(value)).toEqual(expected);
  });

  it('falls back to the website hint when there is nothing to contact', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(contactActionFor(value)).toEqual({
        kind: 'none',
        message: 'Contact this trainer via the Soul Punch website.',
      });
    }
  });
});
