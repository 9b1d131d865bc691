/**
 * The user form's password field (issue 30): the input with a show/hide toggle, and under it every
 * new-password rule at once with whether the typed password meets it (spec §5; texts of
 * ARCHITECTURE.md §4). Each rule's state is said in words and by an icon, not by colour alone.
 */
import { HStack, IconButton, Input, InputGroup, Text } from '@chakra-ui/react';
import { List } from '@/ui/bound-recipes/List';
import { Check, Eye, EyeOff, X } from 'lucide-react';
import { useState } from 'react';
import type { FieldView } from '@/machines/form-fields';
import type { PasswordCheck } from '@/machines/userForm.machine';
import { FormField } from '@/ui/FormField';

/** Props of {@link NewPasswordField}. */
export interface NewPasswordFieldProps extends FieldView {
  /** DOM id of the input (the machine focuses it when it is the first invalid field). */
  id: string;
  required: boolean;
  helperText?: string;
  value: string;
  /** The rules with their state, or null when no checklist shows (a blank password on edit). */
  checklist: PasswordCheck[] | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** DOM id of the checklist, which describes the input. */
const CHECKLIST_ID = 'user-password-rules';

/** Renders the password input, its toggle and the rules' checklist. */
export function NewPasswordField(props: NewPasswordFieldProps) {
  // Whether the typed password shows as text: the screen's own look, nothing the machine decides.
  const [shown, setShown] = useState(false);
  return (
    <FormField
      label="Password"
      required={props.required}
      helperText={props.helperText}
      id={props.id}
      state={props.state}
      error={props.error}
    >
      <InputGroup
        endElement={
          <IconButton
            // A toggle keeps one name; aria-pressed says whether the password is shown.
            aria-label="Show password"
            aria-pressed={shown}
            variant="ghost"
            size="sm"
            me="-2"
            onClick={() => setShown((current) => !current)}
          >
            {shown ? <EyeOff /> : <Eye />}
          </IconButton>
        }
      >
        <Input
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          value={props.value}
          aria-describedby={props.checklist === null ? undefined : CHECKLIST_ID}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
      </InputGroup>
      {props.checklist !== null && (
        <List.Root
          id={CHECKLIST_ID}
          aria-label="Rules the password must meet"
          variant="plain"
          gap="1"
          fontSize="sm"
        >
          {props.checklist.map((rule) => (
            <List.Item key={rule.message} color={rule.met ? 'fg.success' : 'fg.muted'}>
              <HStack gap="1.5">
                {rule.met ? <Check size={14} aria-hidden /> : <X size={14} aria-hidden />}
                <Text as="span">
                  {rule.message}
                  <Text as="span" srOnly>
                    {rule.met ? ' (met)' : ' (not met)'}
                  </Text>
                </Text>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </FormField>
  );
}
