/**
 * The malformed values the API fuzz test (issue 13 point 5) puts where a request expects a valid
 * one: wrong types, huge, negative, out-of-range integers, NUL and other control characters,
 * unusual Unicode, dates far outside any business range, and random values of every kind.
 */
import fc from 'fast-check';

/** PostgreSQL's `integer` ends here; ids one past it overflowed into a 500 before issue 13. */
export const PG_INT_MAX = 2_147_483_647;

/** Control characters: C0 (NUL first), DEL and C1; PostgreSQL text cannot hold NUL at all. */
export const CONTROL_CHARACTERS: readonly string[] = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009b',
  '\u009f',
];

/** Texts that break a field's rules in the ways real clients and attackers do, by kind. */
export const NASTY_TEXTS = {
  control: [
    '\u0000',
    'a\u0000b',
    'name\u0000',
    '\u0007bell',
    'tab\there',
    'line\nbreak',
    'carriage\rreturn',
    'escape\u001b[31m',
    'delete\u007f',
    'next line\u0085',
    'c1\u009b',
    'user\u0000@example.com',
    'user@exa\u0000mple.com',
    'https://example.com/\u0000',
    'shop.example.com\u0000',
  ],
  unicode: [
    'lone \ud800 surrogate',
    'trailing surrogate \udfff',
    '😀👩‍👩‍👧‍👦🏳️‍🌈',
    'Ω≈ç√∫˜µ≤≥÷',
    'right-to-left \u202e override',
    'zero\u200bwidth',
    'ﷺ',
    '\ufeffbom',
    '\uffff',
    'Ünïcödé@exämple.com',
  ],
  size: ['', ' ', '   ', 'x'.repeat(201), 'x'.repeat(10_000), '1'.repeat(400), '😀'.repeat(150)],
  number: [
    '-1',
    '0',
    '00',
    '-0',
    '1.5',
    '1e3',
    '1e400',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    String(PG_INT_MAX),
    String(PG_INT_MAX + 1),
    '4294967296',
    '9007199254740993',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '1,2',
    ',',
    '1,,2',
    '1,5',
  ],
  date: [
    '9999-12-31',
    '0000-01-01',
    '0001-01-01',
    '1970-01-01',
    '1999-12-31',
    '2000-01-01',
    '2100-12-31',
    '2101-01-01',
    '+275760-09-13',
    '2025-02-30',
    '2025-13-01',
    '2025-06-02T00:00:00Z',
    '2025-6-2',
  ],
  injection: [
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '%',
    '%_',
    '\\',
    '%00',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '${7*7}',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
  ],
  address: ['a@b', 'a@b.c', '@example.com', 'http://', 'javascript:alert(1)', 'localhost', '127.0.0.1'],
} satisfies Record<string, readonly string[]>;

/** Random text: printable, any UTF-16 code unit (lone surrogates too), or any code point. */
export const randomText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 20,
  }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
    maxLength: 20,
  }),
);

/** A malformed text: each kind of nasty text as likely as another, control characters twice as likely. */
export const malformedText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_TEXTS.control),
  ...Object.values(NASTY_TEXTS).map((texts) => fc.constantFrom(...texts)),
  randomText,
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.double())
      .map(String),
  },
);

/** Numbers a JSON field of any type may be handed: extremes, fractions, out of PostgreSQL's range. */
const nastyNumbers: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    PG_INT_MAX,
    PG_INT_MAX + 1,
    -PG_INT_MAX - 2,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A malformed JSON value for a body field: wrong types, nasty texts and numbers, nested junk. */
export const malformedJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: malformedText },
  { weight: 2, arbitrary: nastyNumbers },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['a'], [1, 'a'], { $gt: '' }),
  },
  { weight: 1, arbitrary: fc.array(nastyNumbers, { minLength: 1, maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Raw JSON bodies that are not the object a route wants, or not JSON at all. */
export const RAW_JSON_BODIES: readonly (string | Buffer)[] = [
  '',
  '{',
  '}',
  '{"a":1}{',
  '{"a":1,}',
  "{'a':1}",
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '{}',
  '\u0000',
  '{"a":"\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":"\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]),
];

/** Content types a JSON route should refuse or cope with. */
export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/json; charset=nonsense',
  'application/json;;;',
  'application/*',
  '*/*',
  'application/octet-stream',
  'image/png',
  'nonsense',
  'application/json, text/plain',
];
