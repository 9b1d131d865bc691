/** One labelled input of the profile forms with the spec's neutral / valid / error states (spec §4). */
import { Field, Input, InputGroup } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { ChangeEvent } from 'react';
import type { FieldCheck } from './profile-form';

/** Props of {@link ProfileField}. */
export interface ProfileFieldProps {
  label: string;
  name: string;
  type: 'text' | 'password';
  value: string;
  check: FieldCheck;
  autoComplete: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A required input with its label, a check mark once valid, and its error message in red. */
export function ProfileField(props: ProfileFieldProps) {
  const invalid = typeof props.check === 'string';
  const valid = props.check === null;
  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>{props.label}</Field.Label>
      <InputGroup
        endElement={
          valid ? (
            <Check size={18} color="var(--chakra-colors-green-600)" role="img" aria-label="Valid" />
          ) : undefined
        }
      >
        <Input
          name={props.name}
          type={props.type}
          value={props.value}
          autoComplete={props.autoComplete}
          onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
          borderColor={valid ? 'green.500' : undefined}
        />
      </InputGroup>
      {invalid && <Field.ErrorText>{props.check}</Field.ErrorText>}
    </Field.Root>
  );
}
