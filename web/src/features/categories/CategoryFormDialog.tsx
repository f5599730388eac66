import { Field, Input, Switch, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CATEGORY_DISPLAY_NAME_MAX, CATEGORY_NAME_MAX, DEFAULT_CATEGORY_COLOR } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Category } from '#shared/schemas/category.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';
import { ColorPalette } from './ColorPalette.tsx';
import { type CategoryFormInput, categoryFormSchema, followNameChange } from './category-form.ts';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './queries.ts';

const FIELDS = ['name', 'displayName', 'description', 'color', 'isActive'] as const;

function formValues(category: Category | undefined): CategoryFormInput {
  return {
    name: category?.name ?? '',
    displayName: category?.displayName ?? '',
    description: category?.description ?? '',
    color: category?.color ?? DEFAULT_CATEGORY_COLOR,
    isActive: category?.isActive ?? true,
  };
}

interface CategoryFormDialogProps {
  /** The category being edited; absent to create one. */
  category: Category | undefined;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a category (docs/product.md §2, §5, §8); the edit form also switches it on or off. */
export function CategoryFormDialog({ category, open, onClose }: CategoryFormDialogProps) {
  const editing = Boolean(category);
  const create = useCreateCategoryMutation();
  const update = useUpdateCategoryMutation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(categoryFormSchema), defaultValues: formValues(category) });
  // The name before the latest keystroke, to tell whether the display name still follows it.
  const previousName = useRef('');

  // Fresh values each time the dialog opens, keyed by id: a list refetch while it is open must not wipe the edits.
  const categoryRef = useRef(category);
  categoryRef.current = category;
  const categoryId = category?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when it opens or shows another category, not on every refetch.
  useEffect(() => {
    if (!open) return;
    reset(formValues(categoryRef.current));
    previousName.current = categoryRef.current?.name ?? '';
  }, [open, categoryId, reset]);

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      const name = event.target.value;
      const displayName = followNameChange(previousName.current, name, getValues('displayName'));
      previousName.current = name;
      setValue('displayName', displayName, { shouldValidate: Boolean(errors.displayName) });
    },
  });

  const onSubmit = handleSubmit(async ({ isActive, ...fields }) => {
    try {
      if (category) await update.mutateAsync({ id: category.id, changes: { ...fields, isActive } });
      else await create.mutateAsync(fields);
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, FIELDS, setError);
      const fallback = category ? MESSAGES.categoryUpdateFailed : MESSAGES.categoryCreateFailed;
      notify('error', refusalMessage(error) ?? fallback);
      return;
    }
    notify('success', category ? 'Category updated successfully' : 'Category created successfully');
    onClose();
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Category' : 'Create Category'}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create Category'}
      pendingLabel={editing ? 'Saving...' : 'Creating...'}
      pending={create.isPending || update.isPending}
    >
      <Field.Root invalid={Boolean(errors.name)} required>
        <Field.Label>Name</Field.Label>
        <Input placeholder="e.g. fiat_deposit" maxLength={CATEGORY_NAME_MAX} autoComplete="off" {...nameField} />
        <Field.HelperText>A short identifier; words joined with underscores.</Field.HelperText>
        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.displayName)} required>
        <Field.Label>Display Name</Field.Label>
        <Input maxLength={CATEGORY_DISPLAY_NAME_MAX} autoComplete="off" {...register('displayName')} />
        <Field.ErrorText>{errors.displayName?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>Description</Field.Label>
        <Textarea rows={3} {...register('description')} />
        <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.color)}>
        <Controller
          control={control}
          name="color"
          render={({ field }) => (
            <ColorPalette value={field.value ?? DEFAULT_CATEGORY_COLOR} onChange={field.onChange} />
          )}
        />
        <Field.ErrorText>{errors.color?.message}</Field.ErrorText>
      </Field.Root>
      {editing && (
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch.Root
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked)}
              name={field.name}
            >
              <Switch.HiddenInput onBlur={field.onBlur} />
              <Switch.Control />
              <Switch.Label>Active (offered when tickets are created)</Switch.Label>
            </Switch.Root>
          )}
        />
      )}
    </FormDialog>
  );
}
