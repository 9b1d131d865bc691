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

/** A route id: a whole number greater than 0 (spec §5, authorization checks). */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'Id must be a whole number greater than 0'),
  v.transform(Number),
  v.maxValue(2_147_483_647, 'Id is too large'),
);

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
