/** Shapes shared by every part of the /backoffice contract. */
import * as v from 'valibot';

/** Every error response: `{ statusCode, error, message }`; `message` is safe to show a person. */
export const ErrorResponse = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
});
export type ErrorResponse = v.InferOutput<typeof ErrorResponse>;

/** A success answer that only carries a message for a toast. */
export const MessageResponse = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponse>;

/** The largest id the database holds: PostgreSQL's `integer` is 32-bit signed. */
export const MAX_ID = 2_147_483_647;

/** A route id: a whole number greater than 0 (spec §5, authorization checks). */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'Id must be a whole number greater than 0'),
  v.transform(Number),
  v.maxValue(MAX_ID, 'Id is too large'),
);

/**
 * An id in a JSON body (issue 13): a whole number from 1 to MAX_ID, as the database's `integer`
 * columns hold; anything else answers `message`.
 */
export const idNumber = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message));

/**
 * A control character: Unicode's general category Cc is exactly C0 (U+0000–U+001F), DEL and C1
 * (U+007F–U+009F). Tab and line breaks are in it: no text field of the API holds several lines.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The label-less message of a text field holding a control character (forms show it by the field). */
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/**
 * The check every text field of a request passes (issue 13): no control characters (C0, DEL,
 * C1), so a NUL byte, which PostgreSQL text cannot hold, is the field's 400 and never a 500.
 * Put it after a trim, so white space around a value is trimmed rather than refused. `message`
 * names the field where the form's messages do ('Email must not contain control characters').
 */
export const withoutControlCharacters = (message: string = CONTROL_CHARACTERS_MESSAGE) =>
  v.check<string, string>((text) => !CONTROL_CHARACTER.test(text), message);

/** User roles (spec §3): 1 Admin, 2 Customer. */
export const UserType = { Admin: 1, Customer: 2 } as const;
/** User status (spec §3): 1 Active, 2 Inactive. */
export const UserStatus = { Active: 1, Inactive: 2 } as const;

/** An uploaded image: the original and its thumbnails, as paths under /uploads or absolute URLs. */
export const Avatar = v.object({
  original: v.string(),
  thumbnails: v.object({ thumb_36: v.string() }),
});
export type Avatar = v.InferOutput<typeof Avatar>;
