/**
 * Profile at /dashboard/profile (spec §2 "Profile screens", §5; issue 6 "Profile"): a 300 px left column (avatar, name, email, upload and delete) and two stacked
 * panels (general information, password information). The saves are the profile machine's; this
 * screen hands its `userUpdated` events to the session (`session.userSet`, so the top bar changes at
 * once) and shows its `notify` events as toasts.
 */
import { Avatar, Button, Card, Dialog, Grid, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trash2, Upload } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { uploadUrl } from '@/api/assets';
import type { ProfileUser } from '@/api/schemas/auth';
import { withInspection } from '@/machines/inspector';
import {
  AVATAR_HINT,
  DELETE_AVATAR_QUESTION,
  profileMachine,
  selectGeneralError,
  selectIsAvatarBusy,
  selectIsDeleteDialogOpen,
  selectIsDeletingAvatar,
  selectIsSavingGeneral,
  selectIsSavingPassword,
  selectPasswordError,
} from '@/machines/profile.machine';
import { selectUser } from '@/machines/session.machine';
import { PageTitle } from '@/ui/PageTitle';
import { showErrorToast, showSuccessToast } from '@/ui/Toasts';
import { SessionActorContext } from '@/routes/session';
import { ProfileField } from './ProfileField';
import { allValid, checkGeneralField, checkPasswordField } from './profile-form';
import type { FieldCheck, GeneralField, PasswordField } from './profile-form';

/** Width of the left column (spec §2 "Left column of 300px"). */
const LEFT_COLUMN = '300px';
/** The image types the file chooser offers (spec §2: 'JPG, GIF or PNG'). */
const AVATAR_ACCEPT = 'image/jpeg,image/gif,image/png';

type ProfileActor = ActorRefFrom<typeof profileMachine>;

/** Hands the profile machine's outcomes to the session and the toasts; glue only. */
function useProfileOutcomes(profile: ProfileActor) {
  const session = SessionActorContext.useActorRef();
  useEffect(() => {
    const subscriptions = [
      profile.on('userUpdated', (event) => session.send({ type: 'session.userSet', user: event.user })),
      profile.on('notify', (event) =>
        event.level === 'success' ? showSuccessToast(event.message) : showErrorToast(event.message),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [profile, session]);
}

/** A panel of the right column: a card with a heading. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The left column: avatar, name and email, the upload and delete buttons and the delete dialog. */
function AvatarColumn({ user, profile }: { user: ProfileUser; profile: ProfileActor }) {
  const busy = useSelector(profile, selectIsAvatarBusy);
  const dialogOpen = useSelector(profile, selectIsDeleteDialogOpen);
  const deleting = useSelector(profile, selectIsDeletingAvatar);
  const fileInput = useRef<HTMLInputElement>(null);
  const name = `${user.first_name} ${user.last_name}`;

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (file) profile.send({ type: 'avatar.upload', file });
  };

  return (
    <Card.Root as="section" aria-label="Avatar" alignSelf="start">
      <Card.Body alignItems="center" textAlign="center" gap="3">
        <Avatar.Root boxSize="32" colorPalette="brand">
          <Avatar.Fallback name={name} fontSize="3xl" />
          {user.avatar && <Avatar.Image src={uploadUrl(user.avatar.original)} alt={`Avatar of ${name}`} />}
        </Avatar.Root>
        <Stack gap="0">
          <Text fontWeight="semibold" fontSize="lg" data-testid="profile-name">
            {name}
          </Text>
          <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
            {user.email}
          </Text>
        </Stack>
        <input
          ref={fileInput}
          type="file"
          accept={AVATAR_ACCEPT}
          hidden
          data-testid="avatar-file"
          onChange={chooseFile}
        />
        <Stack direction="row" gap="2" wrap="wrap" justify="center">
          <Button
            colorPalette="brand"
            size="sm"
            loading={busy && !deleting}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <Upload aria-hidden />
            Upload avatar
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy || user.avatar === null}
            onClick={() => profile.send({ type: 'avatar.delete' })}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </Stack>
        <Text fontSize="xs" color="fg.muted">
          {AVATAR_HINT}
        </Text>
      </Card.Body>
      <Dialog.Root
        role="alertdialog"
        open={dialogOpen}
        onOpenChange={(details) => {
          if (!details.open) profile.send({ type: 'avatar.cancelDelete' });
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Delete avatar</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{DELETE_AVATAR_QUESTION}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  variant="outline"
                  disabled={deleting}
                  onClick={() => profile.send({ type: 'avatar.cancelDelete' })}
                >
                  Cancel
                </Button>
                <Button
                  colorPalette="red"
                  loading={deleting}
                  onClick={() => profile.send({ type: 'avatar.confirmDelete' })}
                >
                  Delete
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Card.Root>
  );
}

/** Form state of one panel: values, per-field checks, and the change/blur/submit-all handlers. */
function useFormState<F extends string>(
  initial: Record<F, string>,
  check: (field: F, values: Record<F, string>) => string | null,
) {
  const [values, setValues] = useState(initial);
  const [checks, setChecks] = useState<Partial<Record<F, FieldCheck>>>({});
  const reset = useCallback((next: Record<F, string>) => {
    setValues(next);
    setChecks({});
  }, []);
  const fields = Object.keys(initial) as F[];
  return {
    values,
    checks,
    valid: allValid(fields, (field) => check(field, values)),
    change: (field: F) => (value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      // A field already shown as checked is re-checked as it changes (spec §4: re-validate).
      if (checks[field] !== undefined) setChecks((current) => ({ ...current, [field]: check(field, next) }));
    },
    blur: (field: F) => () => setChecks((current) => ({ ...current, [field]: check(field, values) })),
    reset,
  };
}

/** General information: first and last name, 'Save all'. */
function GeneralPanel({ user, profile }: { user: ProfileUser; profile: ProfileActor }) {
  const saving = useSelector(profile, selectIsSavingGeneral);
  const error = useSelector(profile, selectGeneralError);
  const form = useFormState<GeneralField>(
    { first_name: user.first_name, last_name: user.last_name },
    (field, values) => checkGeneralField(field, values[field]),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || saving) return;
    profile.send({
      type: 'general.submit',
      values: { first_name: form.values.first_name.trim(), last_name: form.values.last_name.trim() },
    });
  };
  return (
    <Panel title="General information">
      <form noValidate onSubmit={submit} aria-label="General information">
        <Stack gap="4">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <ProfileField
              label="First name"
              name="first_name"
              type="text"
              autoComplete="given-name"
              value={form.values.first_name}
              check={form.checks.first_name}
              onChange={form.change('first_name')}
              onBlur={form.blur('first_name')}
            />
            <ProfileField
              label="Last name"
              name="last_name"
              type="text"
              autoComplete="family-name"
              value={form.values.last_name}
              check={form.checks.last_name}
              onChange={form.change('last_name')}
              onBlur={form.blur('last_name')}
            />
          </Grid>
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={saving}
            disabled={!form.valid || saving}
          >
            Save all
          </Button>
          {error !== null && (
            <Text role="alert" color="red.600">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Panel>
  );
}

const NO_PASSWORDS: Record<PasswordField, string> = {
  old_password: '',
  new_password: '',
  confirm_password: '',
};

/** Password information: current, new, confirm; the server's refusal is shown under the form. */
function PasswordPanel({ profile }: { profile: ProfileActor }) {
  const saving = useSelector(profile, selectIsSavingPassword);
  const error = useSelector(profile, selectPasswordError);
  const form = useFormState<PasswordField>(NO_PASSWORDS, checkPasswordField);
  const { reset } = form;
  useEffect(() => {
    const subscription = profile.on('passwordChanged', () => reset(NO_PASSWORDS));
    return () => subscription.unsubscribe();
  }, [profile, reset]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || saving) return;
    profile.send({ type: 'password.submit', values: form.values });
  };
  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <ProfileField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={form.values[name]}
      check={form.checks[name]}
      onChange={form.change(name)}
      onBlur={form.blur(name)}
    />
  );
  return (
    <Panel title="Password information">
      <form noValidate onSubmit={submit} aria-label="Password information">
        <Stack gap="4">
          {field('old_password', 'Current password', 'current-password')}
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {field('new_password', 'New password', 'new-password')}
            {field('confirm_password', 'Confirm password', 'new-password')}
          </Grid>
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={saving}
            disabled={!form.valid || saving}
          >
            Save all
          </Button>
          {error !== null && (
            <Text role="alert" color="red.600">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Panel>
  );
}

/** Renders the profile screen for the signed-in user (the dashboard guard ensures there is one). */
export function ProfilePage() {
  const user = SessionActorContext.useSelector(selectUser);
  const profile = useActorRef(profileMachine, withInspection());
  useProfileOutcomes(profile);
  return (
    <>
      <PageTitle>Profile</PageTitle>
      {user !== null && (
        <Grid templateColumns={{ base: '1fr', lg: `${LEFT_COLUMN} 1fr` }} gap="6" mt="6" alignItems="start">
          <AvatarColumn user={user} profile={profile} />
          <Stack gap="6">
            <GeneralPanel user={user} profile={profile} />
            <PasswordPanel profile={profile} />
          </Stack>
        </Grid>
      )}
    </>
  );
}
