/**
 * The login card at /auth/login (spec §2 Auth area, §5 Login; issue 2). The form validates on blur and
 * on submit; the login itself is the login machine's, whose outcome is handed to the session:
 * `loggedIn` → `session.login` (the session applies LOGIN and redirects), `loggedOut` → `session.logout`.
 * When another tab logs in meanwhile, the card leaves for the target its own login would have had.
 */
import { Button, Card, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { withInspection } from '@/machines/inspector';
import {
  DEFAULT_LOGIN_REDIRECT,
  loginMachine,
  selectIsSubmitting,
  selectLoginError,
} from '@/machines/login.machine';
import { selectStatus } from '@/machines/session.machine';
import { LoginFormField } from './LoginFormField';
import { checkLoginField, checkLoginForm, redirectTargetFrom, wasTurnedAway } from './login-form';
import type { LoginChecks, LoginField, LoginValues } from './login-form';
import { SessionActorContext } from '@/routes/session';

/** Hands the login machine's outcome to the session actor; glue only, every decision is in the machines. */
function useLoginOutcomeForSession(loginActor: ActorRefFrom<typeof loginMachine>) {
  const session = SessionActorContext.useActorRef();
  useEffect(() => {
    const subscriptions = [
      loginActor.on('loggedIn', (event) =>
        session.send({
          type: 'session.login',
          user: event.user,
          accessToken: event.accessToken,
          refreshToken: event.refreshToken,
          redirectTo: event.redirectTo,
        }),
      ),
      loginActor.on('loggedOut', () => session.send({ type: 'session.logout' })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [loginActor, session]);
}

/** The 'Welcome Back' card: email, password with show/hide, Login, and login errors in red below. */
export function LoginPage() {
  const location = useLocation();
  const loginActor = useActorRef(loginMachine, withInspection());
  useLoginOutcomeForSession(loginActor);
  const isSubmitting = useSelector(loginActor, selectIsSubmitting);
  const loginError = useSelector(loginActor, selectLoginError);
  const sessionStatus = SessionActorContext.useSelector(selectStatus);

  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [checks, setChecks] = useState<LoginChecks>({ email: undefined, password: undefined });
  const [passwordShown, setPasswordShown] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: LoginField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const blur = (field: LoginField) => () =>
    setChecks((current) => ({ ...current, [field]: checkLoginField(field, values[field]) }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const result = checkLoginForm(values);
    setChecks(result);
    const firstInvalid = (['email', 'password'] as const).find((field) => result[field] !== null);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }
    loginActor.send({
      type: 'login.submit',
      email: values.email,
      password: values.password,
      redirectTo: redirectTargetFrom(location.state),
    });
  };

  // Another tab logged in (spec §4 multi-tab sync) while the card waited: go where its own login
  // would have gone. Not during its own attempt (the session redirects then), nor for a user the
  // guard turned away (the dashboard would send them straight back).
  if (sessionStatus === 'loggedIn' && !isSubmitting && !wasTurnedAway(location.state)) {
    return <Navigate to={redirectTargetFrom(location.state) ?? DEFAULT_LOGIN_REDIRECT} replace />;
  }

  return (
    <Card.Root w="full" maxW="md" boxShadow="lg" borderRadius="xl">
      <Card.Header gap="1" textAlign="center">
        <Heading as="h1" size="2xl">
          Welcome Back
        </Heading>
        <Text color="fg.muted">Please login to your account</Text>
      </Card.Header>
      <Card.Body gap="4">
        <form noValidate onSubmit={submit} aria-label="Login">
          <Stack gap="5">
            <LoginFormField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              value={values.email}
              check={checks.email}
              onChange={change('email')}
              onBlur={blur('email')}
              inputRef={inputs.email}
            />
            <LoginFormField
              label="Password"
              name="password"
              type={passwordShown ? 'text' : 'password'}
              autoComplete="current-password"
              value={values.password}
              check={checks.password}
              onChange={change('password')}
              onBlur={blur('password')}
              inputRef={inputs.password}
              endAction={
                <IconButton
                  aria-label={passwordShown ? 'Hide password' : 'Show password'}
                  aria-pressed={passwordShown}
                  variant="ghost"
                  size="sm"
                  me="-2"
                  onClick={() => setPasswordShown((shown) => !shown)}
                >
                  {passwordShown ? <EyeOff /> : <Eye />}
                </IconButton>
              }
            />
            <Button
              type="submit"
              colorPalette="brand"
              w="full"
              loading={isSubmitting}
              loadingText="Login"
              disabled={isSubmitting}
            >
              Login
            </Button>
          </Stack>
        </form>
        {loginError !== null && (
          <Text role="alert" color="red.600" textAlign="center">
            {loginError}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
