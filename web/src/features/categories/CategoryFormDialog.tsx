import { Checkbox, Field, Input, Switch, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CATEGORY_DISPLAY_NAME_MAX, CATEGORY_NAME_MAX, DEFAULT_CATEGORY_COLOR } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { ColorPalette } from './ColorPalette.tsx';
import { type CategoryFormInput, categoryFormSchema, followNameChange } from './category-form.ts';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './queries.ts';

const FIELDS = ['name', 'displayName', 'description', 'color', 'isActive', 'restricted'] as const;

function formValues(category: Category | undefined): CategoryFormInput {
  return {
    name: category?.name ?? '',
    displayName: category?.displayName ?? '',
    description: category?.description ?? '',
    color: category?.color ?? DEFAULT_CATEGORY_COLOR,
    isActive: category?.isActive ?? true,
    restricted: category?.restricted ?? false,
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
  const t = useT();
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
      const fallback = translate(category ? 'categoryForm.updateFailed' : 'categoryForm.createFailed');
      notify('error', refusalMessage(error, translate) ?? fallback);
      return;
    }
    notify('success', translate(category ? 'categoryForm.updated' : 'categoryForm.created'));
    onClose();
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('categoryForm.editTitle') : t('categoryForm.createTitle')}
      onSubmit={onSubmit}
      submitLabel={editing ? t('categoryForm.save') : t('categoryForm.createTitle')}
      pendingLabel={editing ? t('common.saving') : t('common.creating')}
      pending={create.isPending || update.isPending}
    >
      <Field.Root invalid={Boolean(errors.name)} required>
        <Field.Label>{t('categoryForm.name')}</Field.Label>
        <Input
          placeholder={t('categoryForm.namePlaceholder')}
          maxLength={CATEGORY_NAME_MAX}
          autoComplete="off"
          {...nameField}
        />
        <Field.HelperText>{t('categoryForm.nameHint')}</Field.HelperText>
        <Field.ErrorText>{fieldErrorText(errors.name?.message, t)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.displayName)} required>
        <Field.Label>{t('categoryForm.displayName')}</Field.Label>
        <Input maxLength={CATEGORY_DISPLAY_NAME_MAX} autoComplete="off" {...register('displayName')} />
        <Field.ErrorText>{fieldErrorText(errors.displayName?.message, t)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>{t('ticketForm.description')}</Field.Label>
        <Textarea rows={3} {...register('description')} />
        <Field.ErrorText>{fieldErrorText(errors.description?.message, t)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.color)}>
        <Controller
          control={control}
          name="color"
          render={({ field }) => (
            <ColorPalette value={field.value ?? DEFAULT_CATEGORY_COLOR} onChange={field.onChange} />
          )}
        />
        <Field.ErrorText>{fieldErrorText(errors.color?.message, t)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.restricted)}>
        <Controller
          control={control}
          name="restricted"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value ?? false}
              onCheckedChange={(details) => field.onChange(details.checked === true)}
              name={field.name}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{t('categoryForm.restrictedSwitch')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Field.HelperText>{t('categoryForm.restrictedHint')}</Field.HelperText>
        <Field.ErrorText>{fieldErrorText(errors.restricted?.message, t)}</Field.ErrorText>
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
              <Switch.Label>{t('categoryForm.activeSwitch')}</Switch.Label>
            </Switch.Root>
          )}
        />
      )}
    </FormDialog>
  );
}
