/** Validation of the login form (spec §5 "Login"; 'Required' is the spec's generic form message). */
import * as v from 'valibot';

/** The login form's fields. */
export type LoginField = 'email' | 'password';

/** The form's values as typed. */
export type LoginValues = Record<LoginField, string>;

/**
 * What a field shows (spec §4 "Form field states"): undefined = neutral (not checked yet), null =
 * valid (check mark), a string = the error message in red.
 */
export type LoginChecks = Record<LoginField, string | null | undefined>;

const rules = {
  email: v.pipe(v.string(), v.nonEmpty('Required'), v.email('Invalid email address')),
  password: v.pipe(
    v.string(),
    v.nonEmpty('Required'),
    v.minLength(6, 'Password must be at least 6 characters'),
  ),
} satisfies Record<LoginField, v.GenericSchema<string, string>>;

/** The first error message of `field` for `value`, or null when valid. */
export function checkLoginField(field: LoginField, value: string): string | null {
  const result = v.safeParse(rules[field], value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/** Checks every field at once (on submit). */
export function checkLoginForm(values: LoginValues): Record<LoginField, string | null> {
  return {
    email: checkLoginField('email', values.email),
    password: checkLoginField('password', values.password),
  };
}

/**
 * The path to return to after login, from the router location state the role guard leaves
 * (`{ from: Location }`); a plain string path is accepted too. Undefined when there is none or it
 * does not point inside the app.
 */
export function redirectTargetFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from: unknown = state.from;
  let target: string | undefined;
  if (typeof from === 'string') {
    target = from;
  } else if (
    typeof from === 'object' &&
    from !== null &&
    'pathname' in from &&
    typeof from.pathname === 'string'
  ) {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    target = `${from.pathname}${search}${hash}`;
  }
  // Only same-origin paths: '//host' would leave the app.
  return target?.startsWith('/') && !target.startsWith('//') ? target : undefined;
}

/**
 * True when the location state says the role guard turned a signed-in user away (its `denied` flag):
 * the dashboard would only send that user back here.
 */
export function wasTurnedAway(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'denied' in state && state.denied === true;
}
