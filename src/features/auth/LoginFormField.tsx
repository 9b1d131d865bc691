/** One labelled field of the login card with the spec's neutral / valid / error states (spec §4). */
import { Field, HStack, Input, InputGroup } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { ChangeEvent, ReactNode, Ref } from 'react';

/** Props of {@link LoginFormField}. */
export interface LoginFormFieldProps {
  label: string;
  name: string;
  type: 'email' | 'password' | 'text';
  value: string;
  /** undefined = neutral, null = valid (check mark), string = error shown in red under the input. */
  check: string | null | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** A control at the end of the input, e.g. the show/hide password button. */
  endAction?: ReactNode;
}

/** A required text input with its label, a check mark once valid, and its error message. */
export function LoginFormField(props: LoginFormFieldProps) {
  const invalid = typeof props.check === 'string';
  const valid = props.check === null;
  const endElement =
    valid || props.endAction ? (
      <HStack gap="1">
        {valid && <Check size={18} color="var(--chakra-colors-green-600)" role="img" aria-label="Valid" />}
        {props.endAction}
      </HStack>
    ) : undefined;

  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>{props.label}</Field.Label>
      <InputGroup endElement={endElement}>
        <Input
          ref={props.inputRef}
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
