import { describe, expect, it } from 'vitest';
import { codeKind, normalizeCode, recoveryCodeOf } from '#shared/schemas/mfa.ts';
import { mfaRequiredFor, newRecoveryCodes, recoveryCodeHash } from './mfa.ts';

describe('mfaRequiredFor', () => {
  it.each([
    ['none', []],
    ['admins', ['admin']],
    ['adminsAndManagers', ['admin', 'manager']],
    ['allStaff', ['admin', 'manager', 'agent']],
  ] as const)('with %s requires it of exactly %j', (requirement, roles) => {
    const required = (['admin', 'manager', 'agent'] as const).filter((role) => mfaRequiredFor(role, requirement));
    expect(required).toEqual(roles);
  });
});

describe('recovery codes', () => {
  it('are ten different codes of four groups of four from the 32 unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('spell all 80 bits: every byte changes the code', () => {
    const zero = recoveryCodeOf(new Uint8Array(10));
    expect(zero).toBe('0000-0000-0000-0000');
    for (let i = 0; i < 10; i++) {
      const bytes = new Uint8Array(10);
      bytes[i] = 1;
      expect(recoveryCodeOf(bytes)).not.toBe(zero);
    }
  });

  it('hash the same however they are typed (case, spaces, dashes, I/L/O for 1/1/0)', () => {
    const code = 'AB1C-D0EF-GH1J-KM0N';
    for (const typed of ['ab1c d0ef gh1j km0n', 'ABlC-DOEF-GHIJ-KMON', ' AB1CD0EFGH1JKM0N ']) {
      expect(recoveryCodeHash(typed)).toBe(recoveryCodeHash(code));
    }
    expect(recoveryCodeHash('AB1C-D0EF-GH1J-KM0P')).not.toBe(recoveryCodeHash(code));
  });
});

describe('codeKind', () => {
  it('tells six digits from a recovery code and refuses anything else', () => {
    expect(codeKind(normalizeCode('123 456'))).toBe('totp');
    expect(codeKind(normalizeCode('AB1C-D0EF-GH1J-KM0N'))).toBe('recovery');
    for (const other of ['12345', '1234567', 'AB1C-D0EF-GH1J-KM0U', 'hello', '']) {
      expect(codeKind(normalizeCode(other))).toBeUndefined();
    }
  });
});
