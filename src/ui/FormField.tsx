/**
 * A labelled form field with the spec's three states (spec §4 "Form field states"): neutral
 * (untouched), valid (a check mark beside the label) or error (the message in red under the input).
 */
import { Field, HStack } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

/** Props of {@link FormField}. */
export interface FormFieldProps {
  label: string;
  state: 'neutral' | 'valid' | 'error';
  /** Shown in red when `state` is 'error'. */
  error: string | null;
  required?: boolean;
  /** A hint under the input (hidden while an error shows). */
  helperText?: string;
  /** The input; Field.Root wires its id, label and aria-invalid. */
  children: ReactNode;
}

/** Renders `Field.Root` with the label, the check mark when valid, the input, and the error or hint. */
export function FormField({ label, state, error, required, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={state === 'error'} required={required}>
      <HStack gap="1">
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        {state === 'valid' && (
          <Check size={16} color="var(--chakra-colors-green-600)" role="img" aria-label="Valid" />
        )}
      </HStack>
      {children}
      {state === 'error' && error !== null ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}
