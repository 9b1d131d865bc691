import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, idNumber, MAX_ID, withoutControlCharacters } from './common';

describe('withoutControlCharacters', () => {
  const field = v.pipe(v.string(), v.trim(), withoutControlCharacters());

  it('refuses every C0 control character, DEL and every C1 control character, anywhere in the text', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
    ];
    for (const code of controls) {
      const result = v.safeParse(field, `a${String.fromCharCode(code)}b`);
      expect(result.success, `U+${code.toString(16).padStart(4, '0')}`).toBe(false);
      expect(result.issues?.[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('accepts printable text in any script, and trims white space around it first', () => {
    for (const text of ['Grace Hopper', 'Zoë Ōtake', 'Łódź', '東京', '😀', 'a\u00a0b', 'O’Brien']) {
      expect(v.parse(field, text)).toBe(text);
    }
    expect(v.parse(field, '\t Grace \r\n')).toBe('Grace');
  });

  it('says which field when given a message', () => {
    const email = v.pipe(v.string(), withoutControlCharacters('Email must not contain control characters'));
    expect(v.safeParse(email, 'a\u0000@b.c').issues?.[0]?.message).toBe(
      'Email must not contain control characters',
    );
  });
});

describe('idNumber', () => {
  const id = idNumber('Not an id');

  it('accepts the whole numbers PostgreSQL integer ids take', () => {
    expect(v.parse(id, 1)).toBe(1);
    expect(v.parse(id, MAX_ID)).toBe(2_147_483_647);
  });

  it.each([0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.MAX_VALUE, '1', null])('refuses %j', (value) => {
    const result = v.safeParse(id, value);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('Not an id');
  });
});
