import { Checkbox, Field, Input, Tabs, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { MACRO_LIMITS, MACRO_PLACEHOLDERS, type Macro } from '#shared/schemas/macro.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { LANGUAGE_NAMES } from '../settings/settings-options.ts';
import { SelectField } from '../tickets/FormFields.tsx';
import { CategorySelect, PriorityOptions, StatusOptions } from '../tickets/TicketSelects.tsx';
import { type MacroFormInput, macroFormSchema, macroFormValues, macroInputOf } from './macro-form.ts';
import { useCreateMacroMutation, useUpdateMacroMutation } from './queries.ts';

const PLACEHOLDER_LIST = MACRO_PLACEHOLDERS.map((name) => `{{${name}}}`).join('  ');

interface MacroFormDialogProps {
  /** The macro being edited; absent to write a new one. */
  macro: Macro | undefined;
  open: boolean;
  onClose: () => void;
  /** Admins and managers may share a macro with the team; everyone else writes their own. */
  canShare: boolean;
}

/** Write or change a macro: its title, its text in each language, what it changes, and whether the team shares it. */
export function MacroFormDialog({ macro, open, onClose, canShare }: MacroFormDialogProps) {
  const t = useT();
  const create = useCreateMacroMutation();
  const update = useUpdateMacroMutation();
  const [tab, setTab] = useState<Language>('en');
  // Approving a macro for restricted tickets is for compliance users alone (docs/decisions/099-reply-guard.md).
  const canApprove = useCurrentUser()?.compliance === true;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<MacroFormInput>({ resolver: zodResolver(macroFormSchema), defaultValues: macroFormValues(macro) });

  // Fresh values each time the dialog opens, keyed by id: a list refetch while it is open must not wipe the edits.
  const macroRef = useRef(macro);
  macroRef.current = macro;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when it opens or shows another macro, not on every refetch.
  useEffect(() => {
    if (!open) return;
    reset(macroFormValues(macroRef.current));
    setTab('en');
  }, [open, macro?.id, reset]);

  const onSubmit = handleSubmit(
    async (values) => {
      const input = macroInputOf(macroFormSchema.parse(values));
      try {
        if (macro) await update.mutateAsync({ id: macro.id, changes: input });
        else await create.mutateAsync(input);
      } catch (error) {
        if (isUnauthorized(error)) return;
        showFieldErrors(error, ['title'], setError);
        notify(
          'error',
          refusalMessage(error, translate) ?? translate(macro ? 'macros.saveFailed' : 'macros.createFailed'),
        );
        return;
      }
      notify('success', translate(macro ? 'macros.saved' : 'macros.created'));
      onClose();
    },
    (invalid) => {
      // Show the language whose text is wrong, so the message is not hidden behind another tab.
      const language = LANGUAGES.find((l) => invalid.body?.[l]);
      if (language) setTab(language);
    },
  );

  const bodyError = (language: Language) => {
    const problem = errors.body?.[language]?.message ?? (language === 'en' ? errors.body?.message : undefined);
    return fieldErrorText(problem, t);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={macro ? t('macros.editTitle') : t('macros.createTitle')}
      onSubmit={onSubmit}
      submitLabel={macro ? t('macros.save') : t('macros.createTitle')}
      pendingLabel={macro ? t('common.saving') : t('common.creating')}
      pending={create.isPending || update.isPending}
    >
      <Field.Root invalid={Boolean(errors.title)} required>
        <Field.Label>{t('macros.title')}</Field.Label>
        <Input maxLength={MACRO_LIMITS.titleMax} autoComplete="off" {...register('title')} />
        <Field.ErrorText>{fieldErrorText(errors.title?.message, t)}</Field.ErrorText>
      </Field.Root>

      <Field.Root>
        <Field.Label>{t('macros.text')}</Field.Label>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as Language)}
          size="sm"
          variant="line"
          width="full"
        >
          <Tabs.List flexWrap="wrap">
            {LANGUAGES.map((language) => (
              <Tabs.Trigger key={language} value={language} color={bodyError(language) ? 'fg.error' : undefined}>
                {LANGUAGE_NAMES[language]}
                {language === 'en' ? ' *' : ''}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {LANGUAGES.map((language) => (
            <Tabs.Content key={language} value={language} pt="2">
              <Field.Root invalid={Boolean(bodyError(language))} required={language === 'en'}>
                <Textarea
                  rows={6}
                  maxLength={MACRO_LIMITS.bodyMax}
                  aria-label={t('macros.textIn', { language: LANGUAGE_NAMES[language] })}
                  {...register(`body.${language}`)}
                />
                <Field.ErrorText>{bodyError(language)}</Field.ErrorText>
              </Field.Root>
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Field.HelperText>
          {t('macros.textHint')}{' '}
          <Text as="span" fontFamily="mono" fontSize="xs">
            {PLACEHOLDER_LIST}
          </Text>
        </Field.HelperText>
      </Field.Root>

      <Text fontWeight="medium" fontSize="sm">
        {t('macros.actionsHeading')}
      </Text>
      <SelectField label={t('ticketForm.status')} {...register('status')}>
        <option value="">{t('macros.noChange')}</option>
        <StatusOptions />
      </SelectField>
      <SelectField label={t('ticketForm.priority')} {...register('priority')}>
        <option value="">{t('macros.noChange')}</option>
        <PriorityOptions />
      </SelectField>
      <CategorySelect current={macro?.actions.category} noChange={t('macros.noChange')} {...register('category')} />
      <SelectField label={t('history.field.waitingOnCustomer')} {...register('waiting')}>
        <option value="">{t('macros.noChange')}</option>
        <option value="start">{t('macros.action.startWaiting')}</option>
        <option value="stop">{t('macros.action.stopWaiting')}</option>
      </SelectField>

      {canShare && (
        <Controller
          control={control}
          name="shared"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked === true)}
              name={field.name}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{t('macros.shareWithTeam')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      )}
      {canApprove && (
        <Controller
          control={control}
          name="approvedForRestricted"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked === true)}
              name={field.name}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{t('macros.approvedForRestricted')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      )}
    </FormDialog>
  );
}
