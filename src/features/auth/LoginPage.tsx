/**
 * The login card at /auth/login (spec §2 Auth area, §4 "Form field states", §5 Login; issue 2). It only
 * renders the login machine's state and sends the form's gestures: the field values and states, the
 * login itself, and what the session is told and where the card goes all live in `loginMachine`, which
 * is given the session actor and the location state the guard left.
 */
import { Button, Card, Heading, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Eye, EyeOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fieldElementId } from '@/machines/form-fields';
import {
  LOGIN_FORM,
  loginMachine,
  selectIsSubmitting,
  selectLoginError,
  selectLoginForm,
} from '@/machines/login.machine';
import type { LoginField } from '@/machines/login.machine';
import { useSessionActorRef } from '@/routes/session';
import { useScreenActor } from '@/routes/screen-actor';
import { formSubmitProps } from '@/ui/form-submit';
import { FormField } from '@/ui/FormField';
import { useTypedBeforeHydration } from '@/ui/hydration';

/** The 'Welcome Back' card: email, password with show/hide, Login, and login errors in red below. */
export function LoginPage() {
  const session = useSessionActorRef();
  const location = useLocation();
  const login = useScreenActor(loginMachine, { input: { session, locationState: location.state } });
  const form = useSelector(login, selectLoginForm);
  const isSubmitting = useSelector(login, selectIsSubmitting);
  const loginError = useSelector(login, selectLoginError);
  // Whether the password is readable is the input's own look, not form state.
  const [passwordShown, setPasswordShown] = useState(false);

  const change = (field: LoginField) => (event: { target: { value: string } }) =>
    login.send({ type: 'login.change', field, value: event.target.value });
  // The card arrives prerendered (issue 31): what was typed before the app started is the form's too.
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(emailInput, (value) => login.send({ type: 'login.change', field: 'email', value }));
  useTypedBeforeHydration(passwordInput, (value) =>
    login.send({ type: 'login.change', field: 'password', value }),
  );
  const blur = (field: LoginField) => () => login.send({ type: 'login.blur', field });

  return (
    <Card.Root w="full" maxW="md" boxShadow="lg" borderRadius="xl">
      <Card.Header gap="1" textAlign="center">
        <Heading as="h1" size="2xl">
          Welcome Back
        </Heading>
        <Text color="fg.muted">Please login to your account</Text>
      </Card.Header>
      <Card.Body gap="4">
        <form {...formSubmitProps(() => login.send({ type: 'login.submit' }))} aria-label="Login">
          <Stack gap="5">
            <FormField
              label="Email"
              required
              requiredMark={false}
              id={fieldElementId(LOGIN_FORM, 'email')}
              {...form.fields.email}
            >
              <Input
                ref={emailInput}
                name="email"
                type="email"
                autoComplete="username"
                value={form.values.email}
                disabled={isSubmitting}
                onChange={change('email')}
                onBlur={blur('email')}
              />
            </FormField>
            <FormField
              label="Password"
              required
              requiredMark={false}
              id={fieldElementId(LOGIN_FORM, 'password')}
              {...form.fields.password}
            >
              <InputGroup
                endElement={
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
              >
                <Input
                  ref={passwordInput}
                  name="password"
                  type={passwordShown ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={form.values.password}
                  disabled={isSubmitting}
                  onChange={change('password')}
                  onBlur={blur('password')}
                />
              </InputGroup>
            </FormField>
            <Button
              type="submit"
              colorPalette="brand"
              w="full"
              loading={isSubmitting}
              loadingText="Login"
              disabled={!form.canSubmit}
            >
              Login
            </Button>
          </Stack>
        </form>
        {loginError !== null && (
          <Text role="alert" color="fg.error" textAlign="center">
            {loginError}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
