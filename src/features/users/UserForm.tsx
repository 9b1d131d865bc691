/**
 * The create / edit user form (spec §2 "Create and edit user forms", §4 field states, §5 rules,
 * §8 toasts, §9 defaults). Renders the user form statechart and sends it the person's input; the
 * machine raises its toasts, its focus moves and, after a create, the navigation to the new user's
 * page itself.
 *
 * Issue 30: Save is pressable whenever the form is not saving (the feed editor's submit pattern:
 * pressing it or Enter shows every field's message and focuses the first); the password shows its
 * rules at once with their state and can be shown as text; a failed load says why, with Retry.
 *
 * Issue 15: the Shopify fields are marked required for a customer only; an unknown user id shows
 * 'User not found' and nothing else of the user (`below` renders only once the user has loaded);
 * unsaved input is kept when the screen goes away without the person leaving (a sign-out in another
 * tab) and offered back next time, for the signed-in user and this screen.
 *
 * Issue 29: an edited customer's "Shopify connection" panel shows between the form and `below`,
 * started from the connection the server stored with the user; a save answers with the connection
 * as now stored (reset when the domain or key changed), and the panel starts afresh from it.
 */
import { Button, Card, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { NativeSelect } from '@/ui/bound-recipes/NativeSelect';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { DISCOUNT_RATES } from '@/api/schemas/users';
import { fieldElementId } from '@/machines/form-fields';
import {
  LOAD_USER_FAILED_MESSAGE,
  USER_FORM,
  USER_NOT_FOUND_MESSAGE,
  USER_SAVE_BUTTON_ID,
  selectDraftValues,
  selectField,
  selectIsDirty,
  selectIsReady,
  selectIsSaving,
  selectNeedsShopFields,
  selectPasswordChecklist,
  selectStoredShopifyConnection,
  userFormMachine,
} from '@/machines/userForm.machine';
import type { UserFormField, UserFormInput } from '@/machines/userForm.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { useSession } from '@/routes/session';
import { formDraftKey } from '@/ui/form-draft';
import { formSubmitProps } from '@/ui/form-submit';
import { FormField } from '@/ui/FormField';
import { UnsavedChangesPrompt } from '@/ui/UnsavedChangesPrompt';
import type { UnsavedDraft } from '@/ui/UnsavedChangesPrompt';
import { NewPasswordField } from './NewPasswordField';
import { ShopifyConnectionPanel } from './ShopifyConnectionPanel';

interface TextFieldSpec {
  field: UserFormField;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'number';
  autoComplete?: string;
  /** True, false, or 'customer' for the Shopify fields (required for customers only, spec §5). */
  required: boolean | 'customer';
  helperText?: string;
}

const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { field: 'first_name', label: 'First name', autoComplete: 'off', required: true },
  { field: 'last_name', label: 'Last name', autoComplete: 'off', required: true },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'off', required: true },
  { field: 'company_name', label: 'Company name', required: true },
  { field: 'phone', label: 'Phone', type: 'tel', required: true },
  { field: 'mobile', label: 'Mobile', type: 'tel', required: false },
  { field: 'website', label: 'Website', type: 'url', required: false },
  { field: 'shopify_id', label: 'Shopify ID', required: 'customer' },
  {
    field: 'shopify_domain',
    label: 'Shopify domain',
    required: 'customer',
    helperText: "The store's host name, such as name.myshopify.com; a pasted link is reduced to it.",
  },
];

/** Props of {@link UserForm}. */
export interface UserFormProps {
  /** Create, or edit of a user id (already checked to be a whole number > 0). */
  input: UserFormInput;
  /**
   * What shows under the form once the user has loaded (edit: its tokens panel); never for a user
   * that could not be loaded.
   */
  below?: ReactNode;
}

/** The form card; on create success goes to the new user's page, on edit stays with the saved values. */
export function UserForm({ input, below }: UserFormProps) {
  const form = useScreenActor(userFormMachine, { input });
  // The form is small: re-rendering it on each change is cheaper than a selector per field.
  const snapshot = useSelector(form, (current) => current);
  const { values, hasStoredShopifyKey, loadFailure } = snapshot.context;
  const isSaving = selectIsSaving(snapshot);
  const isLoading = snapshot.matches('loading');
  const needsShopFields = selectNeedsShopFields(snapshot);
  const storedConnection = selectStoredShopifyConnection(snapshot);

  const isDirty = useCallback(() => selectIsDirty(form.getSnapshot()), [form]);
  const { pathname } = useLocation();
  const sessionUserId = useSession().user?.id;
  // Kept per signed-in user and screen; the password and Shopify key are never kept.
  const draft = useMemo<UnsavedDraft | undefined>(
    () =>
      sessionUserId === undefined
        ? undefined
        : {
            key: formDraftKey(sessionUserId, pathname),
            values: () => selectDraftValues(form.getSnapshot()),
            onRestore: (kept) => form.send({ type: 'form.restore', values: kept }),
          },
    [form, pathname, sessionUserId],
  );

  if (snapshot.matches('notFound')) {
    return (
      <Text color="fg.error" role="alert">
        {USER_NOT_FOUND_MESSAGE}
      </Text>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <HStack role="alert" gap="4" wrap="wrap" color="fg.error">
        <Text>{LOAD_USER_FAILED_MESSAGE}</Text>
        {loadFailure !== null && <Text color="fg.muted">{loadFailure}</Text>}
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => form.send({ type: 'retry' })}>
          Retry
        </Button>
      </HStack>
    );
  }

  const bind = (field: UserFormField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      form.send({ type: 'form.change', field, value: event.target.value }),
    onBlur: () => form.send({ type: 'form.blur', field }),
  });
  const fieldProps = (field: UserFormField) => ({
    ...selectField(snapshot, field),
    id: fieldElementId(USER_FORM, field),
  });

  return (
    <>
      <Card.Root mb="6">
        <Card.Body>
          {/* Mounted once the user is in the form, so a kept draft is restored over the loaded values. */}
          {selectIsReady(snapshot) && <UnsavedChangesPrompt isDirty={isDirty} draft={draft} />}
          {isLoading ? (
            <Spinner aria-label="Loading user" />
          ) : (
            <form
              {...formSubmitProps(() => form.send({ type: 'form.submit' }))}
              aria-label={input.mode === 'create' ? 'Create user' : 'Edit user'}
            >
              <Stack gap="5">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField label="Role" required {...fieldProps('user_type_id')}>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...bind('user_type_id')}>
                        <option value="1">Admin</option>
                        <option value="2">Customer</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  <FormField label="Status" required {...fieldProps('status')}>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...bind('status')}>
                        <option value="1">Active</option>
                        <option value="2">Inactive</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  {TEXT_FIELDS.map((spec) => (
                    <FormField
                      key={spec.field}
                      label={spec.label}
                      required={spec.required === 'customer' ? needsShopFields : spec.required}
                      helperText={spec.helperText}
                      {...fieldProps(spec.field)}
                    >
                      <Input
                        type={spec.type ?? 'text'}
                        autoComplete={spec.autoComplete}
                        {...bind(spec.field)}
                      />
                    </FormField>
                  ))}
                  <FormField
                    label="Shopify admin API key"
                    helperText={
                      input.mode === 'edit' && hasStoredShopifyKey
                        ? 'A key is stored. Leave blank to keep it.'
                        : 'Never shown once saved.'
                    }
                    {...fieldProps('shopify_admin_api')}
                  >
                    <Input type="password" autoComplete="new-password" {...bind('shopify_admin_api')} />
                  </FormField>
                  <FormField label="Discount rate (%)" required {...fieldProps('discount_rate')}>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...bind('discount_rate')}>
                        {DISCOUNT_RATES.map((rate) => (
                          <option key={rate} value={String(rate)}>
                            {rate}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  <FormField
                    label="Shipping discount rate (%)"
                    required
                    {...fieldProps('shipping_discount_rate')}
                  >
                    <Input
                      type="number"
                      min={0}
                      max={100}
                      step={1}
                      inputMode="numeric"
                      {...bind('shipping_discount_rate')}
                    />
                  </FormField>
                  <NewPasswordField
                    required={input.mode === 'create'}
                    helperText={
                      input.mode === 'edit' ? 'Leave blank to keep the current password.' : undefined
                    }
                    {...fieldProps('password')}
                    value={values.password}
                    checklist={selectPasswordChecklist(snapshot)}
                    onChange={(value) => form.send({ type: 'form.change', field: 'password', value })}
                    onBlur={() => form.send({ type: 'form.blur', field: 'password' })}
                  />
                </SimpleGrid>
                <Button
                  type="submit"
                  id={USER_SAVE_BUTTON_ID}
                  colorPalette="brand"
                  alignSelf="flex-start"
                  // Issue 30: never disabled for an invalid form (a press shows what is missing).
                  loading={isSaving}
                  loadingText="Saving..."
                >
                  {input.mode === 'create' ? 'Create user' : 'Update user'}
                </Button>
              </Stack>
            </form>
          )}
        </Card.Body>
      </Card.Root>
      {input.mode === 'edit' && storedConnection !== null && (
        <ShopifyConnectionPanel
          // A new stored connection (a save that changed the domain or key) starts the panel afresh.
          key={`${storedConnection.status}|${storedConnection.checked_at ?? ''}`}
          userId={input.userId}
          connection={storedConnection}
        />
      )}
      {selectIsReady(snapshot) && below}
    </>
  );
}
