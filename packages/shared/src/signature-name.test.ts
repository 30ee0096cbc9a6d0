import { describe, expect, it } from 'vitest';
import { nameMismatchMessage, signatureNameKey, signsAs } from './documents';

describe('a typed signature against the account name', () => {
  it('forgives case, spacing and accents', () => {
    expect(signsAs('maria garcia', 'Maria Garcia')).toBe(true);
    expect(signsAs('  María   GARCÍA ', 'Maria Garcia')).toBe(true);
    expect(signsAs('Maria Garcia', 'María García')).toBe(true);
    expect(signsAs('Zoë Ångström', 'zoe angstrom')).toBe(true);
    expect(signatureNameKey('Jasmine\u00a0Carter')).toBe('jasmine carter');
  });

  it('refuses another name, a part of the name, or extra words', () => {
    expect(signsAs('Mickey Mouse', 'Maria Garcia')).toBe(false);
    expect(signsAs('Maria', 'Maria Garcia')).toBe(false);
    expect(signsAs('Maria Garcia Lopez', 'Maria Garcia')).toBe(false);
    expect(signsAs('MariaGarcia', 'Maria Garcia')).toBe(false);
  });

  it('names the expected name in its message', () => {
    expect(nameMismatchMessage('Maria Garcia')).toMatch(/Type 'Maria Garcia'/);
  });
});
