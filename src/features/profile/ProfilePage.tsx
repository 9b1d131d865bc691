/**
 * Profile at /dashboard/profile (spec §2 "Profile screens", §4, §5; issues 6 and 14): a 300 px left
 * column (avatar, name, email, upload and delete) and two stacked panels (general information,
 * password information). The forms' values, field states and saves are the profile machine's; the
 * machine hands new users to the session and raises its toasts itself, so this screen only renders
 * its state and sends it the person's input. Unsaved input asks before leaving, and changed names
 * survive a sign-out in another tab (issue 15: `UnsavedChangesPrompt` with a draft; passwords are
 * never kept). The avatar hint states every limit before any upload is tried.
 */
import { Button, Card, Grid, Heading, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Avatar } from '@/ui/bound-recipes/Avatar';
import { Dialog } from '@/ui/bound-recipes/Dialog';
import { useSelector } from '@xstate/react';
import { Trash2, Upload } from 'lucide-react';
import { useCallback, useId, useRef } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { uploadUrl } from '@/api/assets';
import type { ProfileUser } from '@/api/schemas/auth';
import { fieldElementId } from '@/machines/form-fields';
import type { FieldView } from '@/machines/form-fields';
import { GENERAL_FIELDS } from '@/machines/profile-form';
import type { GeneralField, PasswordField } from '@/machines/profile-form';
import {
  AVATAR_HINT,
  AVATAR_PIXEL_HINT,
  DELETE_AVATAR_QUESTION,
  PROFILE_FORMS,
  profileMachine,
  selectCanSaveGeneral,
  selectCanSavePassword,
  selectGeneralError,
  selectGeneralField,
  selectGeneralValues,
  selectHasUnsavedInput,
  selectIsAvatarBusy,
  selectIsDeleteDialogOpen,
  selectIsDeletingAvatar,
  selectIsSavingGeneral,
  selectIsSavingPassword,
  selectPasswordError,
  selectPasswordField,
  selectPasswordValues,
  selectUnsavedNames,
} from '@/machines/profile.machine';
import type { ProfileSnapshot } from '@/machines/profile.machine';
import { paths } from '@/routes/paths';
import { useSession, useSessionActorRef } from '@/routes/session';
import { useScreenActor } from '@/routes/screen-actor';
import { formDraftKey } from '@/ui/form-draft';
import { formSubmitProps } from '@/ui/form-submit';
import { FormField } from '@/ui/FormField';
import { PageTitle } from '@/ui/PageTitle';
import { UnsavedChangesPrompt } from '@/ui/UnsavedChangesPrompt';

/** Width of the left column (spec §2 "Left column of 300px"). */
const LEFT_COLUMN = '300px';
/** The image types the file chooser offers (spec §2: 'JPG, GIF or PNG'). */
const AVATAR_ACCEPT = 'image/jpeg,image/gif,image/png';

type ProfileActor = ActorRefFrom<typeof profileMachine>;

// A panel re-renders on each keystroke anyway; one snapshot read keeps its selectors together.
const selectSnapshot = (snapshot: ProfileSnapshot) => snapshot;

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
  const uploadButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
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
            ref={uploadButton}
            colorPalette="brand"
            size="sm"
            loading={busy && !deleting}
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => fileInput.current?.click()}
          >
            <Upload aria-hidden />
            Upload avatar
          </Button>
          <Button
            ref={deleteButton}
            variant="outline"
            size="sm"
            disabled={busy || user.avatar === null}
            onClick={() => profile.send({ type: 'avatar.delete' })}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </Stack>
        <Text id={hintId} fontSize="xs" color="fg.muted" data-testid="avatar-hint">
          {AVATAR_HINT}
          <br />
          {AVATAR_PIXEL_HINT}
        </Text>
      </Card.Body>
      <Dialog.Root
        role="alertdialog"
        open={dialogOpen}
        // Issue 30: back on Delete after Cancel; once the avatar is gone Delete is disabled, so focus
        // goes to 'Upload avatar', the one thing left to do, instead of being dropped on the page.
        finalFocusEl={() => (deleteButton.current?.disabled ? uploadButton.current : deleteButton.current)}
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

/** Binds one form field: its value, its spec §4 view and the change / blur events of `form`. */
function ProfileTextField<F extends GeneralField | PasswordField>(props: {
  form: keyof typeof PROFILE_FORMS;
  field: F;
  label: string;
  type: 'text' | 'password';
  autoComplete: string;
  value: string;
  view: FieldView;
  onChange: (field: F, value: string) => void;
  onBlur: (field: F) => void;
}) {
  const id = fieldElementId(PROFILE_FORMS[props.form], props.field);
  return (
    <FormField
      label={props.label}
      required
      requiredMark={false}
      id={id}
      state={props.view.state}
      error={props.view.error}
    >
      <Input
        name={props.field}
        type={props.type}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(props.field, event.target.value)}
        onBlur={() => props.onBlur(props.field)}
      />
    </FormField>
  );
}

const GENERAL_LABELS: Record<GeneralField, { label: string; autoComplete: string }> = {
  first_name: { label: 'First name', autoComplete: 'given-name' },
  last_name: { label: 'Last name', autoComplete: 'family-name' },
};

/** General information: first and last name, 'Save all'; above them, names kept from a sign-out. */
function GeneralPanel({ profile, user }: { profile: ProfileActor; user: ProfileUser }) {
  const snapshot = useSelector(profile, selectSnapshot);
  const values = selectGeneralValues(snapshot);
  const saving = selectIsSavingGeneral(snapshot);
  const error = selectGeneralError(snapshot);
  const change = (field: GeneralField, value: string) =>
    profile.send({ type: 'general.change', field, value });
  const blur = (field: GeneralField) => profile.send({ type: 'general.blur', field });
  return (
    <Panel title="General information">
      <UnsavedInput profile={profile} user={user} />
      <form
        {...formSubmitProps(() => profile.send({ type: 'general.submit' }))}
        aria-label="General information"
      >
        <Stack gap="4">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {GENERAL_FIELDS.map((field) => (
              <ProfileTextField
                key={field}
                form="general"
                field={field}
                type="text"
                {...GENERAL_LABELS[field]}
                value={values[field]}
                view={selectGeneralField(snapshot, field)}
                onChange={change}
                onBlur={blur}
              />
            ))}
          </Grid>
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={saving}
            disabled={!selectCanSaveGeneral(snapshot)}
          >
            Save all
          </Button>
          {error !== null && (
            <Text role="alert" color="fg.error">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Panel>
  );
}

const PASSWORD_LABELS: Record<PasswordField, { label: string; autoComplete: string }> = {
  old_password: { label: 'Current password', autoComplete: 'current-password' },
  new_password: { label: 'New password', autoComplete: 'new-password' },
  confirm_password: { label: 'Confirm password', autoComplete: 'new-password' },
};

/** Password information: current, new, confirm; the server's refusal is shown under the form. */
function PasswordPanel({ profile }: { profile: ProfileActor }) {
  const snapshot = useSelector(profile, selectSnapshot);
  const values = selectPasswordValues(snapshot);
  const saving = selectIsSavingPassword(snapshot);
  const error = selectPasswordError(snapshot);
  const field = (name: PasswordField) => (
    <ProfileTextField
      form="password"
      field={name}
      type="password"
      {...PASSWORD_LABELS[name]}
      value={values[name]}
      view={selectPasswordField(snapshot, name)}
      onChange={(changed, value) => profile.send({ type: 'password.change', field: changed, value })}
      onBlur={(left) => profile.send({ type: 'password.blur', field: left })}
    />
  );
  return (
    <Panel title="Password information">
      <form
        {...formSubmitProps(() => profile.send({ type: 'password.submit' }))}
        aria-label="Password information"
      >
        <Stack gap="4">
          {field('old_password')}
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {field('new_password')}
            {field('confirm_password')}
          </Grid>
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={saving}
            disabled={!selectCanSavePassword(snapshot)}
          >
            Save all
          </Button>
          {error !== null && (
            <Text role="alert" color="fg.error">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Panel>
  );
}

/**
 * Asks before leaving with unsaved input and keeps changed names across a sign-out. The callbacks are
 * stable (the latest user is read through a ref): the prompt writes the draft when they change.
 */
function UnsavedInput({ profile, user }: { profile: ProfileActor; user: ProfileUser }) {
  const latestUser = useRef(user);
  latestUser.current = user;
  const isDirty = useCallback(
    () => selectHasUnsavedInput(profile.getSnapshot(), latestUser.current),
    [profile],
  );
  // Null when only passwords were typed: a stored null is no draft, and passwords are never stored.
  const values = useCallback(() => selectUnsavedNames(profile.getSnapshot(), latestUser.current), [profile]);
  const onRestore = useCallback(
    (kept: unknown) => profile.send({ type: 'general.restore', values: kept }),
    [profile],
  );
  return (
    <UnsavedChangesPrompt
      isDirty={isDirty}
      draft={{ key: formDraftKey(user.id, paths.profile), values, onRestore }}
    />
  );
}

/**
 * The screen for a signed-in `user`: creates the profile actor with the session actor as its input,
 * so every new user reaches the top bar through the machine.
 */
function ProfileScreen({ user }: { user: ProfileUser }) {
  const session = useSessionActorRef();
  const profile = useScreenActor(profileMachine, { input: { session, user } });
  return (
    <Grid templateColumns={{ base: '1fr', lg: `${LEFT_COLUMN} 1fr` }} gap="6" mt="6" alignItems="start">
      <AvatarColumn user={user} profile={profile} />
      <Stack gap="6">
        <GeneralPanel profile={profile} user={user} />
        <PasswordPanel profile={profile} />
      </Stack>
    </Grid>
  );
}

/** Renders the profile screen for the signed-in user (the dashboard guard ensures there is one). */
export function ProfilePage() {
  const { user } = useSession();
  return (
    <>
      <PageTitle>Profile</PageTitle>
      {user !== null && <ProfileScreen user={user} />}
    </>
  );
}
