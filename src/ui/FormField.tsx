/**
 * The one labelled form field of the app, drawing the spec's three states (spec §4 "Form field
 * states") for every form: neutral (untouched), valid (a check mark beside the label) or error (the
 * message in red under the input). Its state comes from a form machine (`fieldView` in
 * `src/machines/form-fields.ts`); the input is the caller's child.
 */
import { Field, HStack } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldView } from '@/machines/form-fields';

/** Props of {@link FormField}: the field's view (`state`, `error`) plus its label and input. */
export interface FormFieldProps extends FieldView {
  label: string;
  required?: boolean;
  /**
   * Whether a required field shows the '*' mark (default true). False in forms where every field is
   * required (login, profile), where a mark on each says nothing; the input stays `required` either way.
   */
  requiredMark?: boolean;
  /** DOM id of the input (`fieldElementId(form, field)`), so a machine's focus effect can reach it. */
  id?: string;
  /** A hint under the input (hidden while an error shows). */
  helperText?: string;
  /** The input; Field.Root wires its id, label and aria-invalid. */
  children: ReactNode;
}

/** Renders `Field.Root` with the label, the check mark when valid, the input, and the error or hint. */
export function FormField({
  label,
  state,
  error,
  required,
  requiredMark = true,
  id,
  helperText,
  children,
}: FormFieldProps) {
  return (
    <Field.Root invalid={state === 'error'} required={required} id={id}>
      <HStack gap="1">
        <Field.Label>
          {label}
          {required && requiredMark && <Field.RequiredIndicator />}
        </Field.Label>
        {state === 'valid' && (
          <Check size={16} color="var(--chakra-colors-fg-success)" role="img" aria-label="Valid" />
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
