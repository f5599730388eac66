import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { useT } from '../../i18n/react.tsx';
import { fieldErrorText } from '../../lib/form-errors.ts';

interface FieldFrame {
  label: string;
  /**
   * The validation message under the field, as the form holds it (a message code, worded here in the reader's
   * language); also marks the field invalid for assistive technology.
   */
  error?: string | undefined;
  helperText?: ReactNode;
}

/** A labelled native select with its error (react-hook-form's `register` spreads straight onto it). */
export function SelectField({
  label,
  error,
  helperText,
  children,
  ...select
}: FieldFrame & ComponentProps<typeof NativeSelect.Field>) {
  const t = useT();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...select}>{children}</NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{fieldErrorText(error, t)}</Field.ErrorText>
    </Field.Root>
  );
}

/** A labelled text input with its error. */
export function TextField({ label, error, helperText, ...input }: FieldFrame & ComponentProps<typeof Input>) {
  const t = useT();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{fieldErrorText(error, t)}</Field.ErrorText>
    </Field.Root>
  );
}

/** A labelled textarea with its error. */
export function TextAreaField({ label, error, helperText, ...textarea }: FieldFrame & ComponentProps<typeof Textarea>) {
  const t = useT();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Textarea rows={4} {...textarea} />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{fieldErrorText(error, t)}</Field.ErrorText>
    </Field.Root>
  );
}
