import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '#shared/constants.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { useT } from '../../i18n/react.tsx';
import { displayNameOf, roleLabelOf } from '../../lib/format.ts';
import { errorText } from '../../lib/server-message.ts';
import { SelectField } from './FormFields.tsx';
import { activeCategoriesQuery } from './queries.ts';
import { categoryOptions, priorityLabel, statusLabel, typeLabel } from '../../lib/ticket-display.ts';

/** A ticket form's select: react-hook-form's `register` spreads onto it; the label and the choices are fixed. */
type TicketSelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children' | 'helperText'>;

/** Every priority as a choice, least to most urgent, in words. */
export function PriorityOptions() {
  const t = useT();
  return PRIORITIES.map((priority) => (
    <option key={priority} value={priority}>
      {priorityLabel(priority, t)}
    </option>
  ));
}

/** Every status as a choice, in the order a ticket goes through them, in words. */
export function StatusOptions() {
  const t = useT();
  return TICKET_STATUSES.map((status) => (
    <option key={status} value={status}>
      {statusLabel(status, t)}
    </option>
  ));
}

/** Staff a ticket can be given to (`assignableStaffQuery`), each as '{name} ({role})'. */
export function StaffOptions({ staff }: { staff: readonly Agent[] | undefined }) {
  const t = useT();
  return staff?.map((member) => (
    <option key={member.id} value={member.id}>
      {t('ticketForm.staffMember', { name: displayNameOf(member, t), role: roleLabelOf(member.role, t) })}
    </option>
  ));
}

/** Every type a ticket can have, e-mail included, as the filter offers them. */
export function TypeOptions() {
  const t = useT();
  return TICKET_TYPES.map((type) => (
    <option key={type} value={type}>
      {typeLabel(type, t)}
    </option>
  ));
}

/** The Priority select of the create and edit forms. */
export function PrioritySelect(select: TicketSelectProps) {
  const t = useT();
  return (
    <SelectField label={t('ticketForm.priority')} {...select}>
      <PriorityOptions />
    </SelectField>
  );
}

/** The Status select of the edit form. */
export function StatusSelect(select: TicketSelectProps) {
  const t = useT();
  return (
    <SelectField label={t('ticketForm.status')} {...select}>
      <StatusOptions />
    </SelectField>
  );
}

interface CategorySelectProps extends TicketSelectProps {
  /** The ticket's own category (edit form): still offered when it is no longer active. */
  current?: string;
  /** A first, empty choice that asks for one (create form). */
  prompt?: boolean;
  /** A first, empty choice that leaves the category as it is, worded so (a macro's actions). */
  noChange?: string;
}

/**
 * The Category select of the create and edit forms: the active categories (docs/product.md §4), read when the form
 * opens; while they load or when they cannot be read, the field says so.
 */
export function CategorySelect({ current, prompt = false, noChange, ...select }: CategorySelectProps) {
  const t = useT();
  const categories = useQuery(activeCategoriesQuery());
  return (
    <SelectField
      label={t('ticketForm.category')}
      helperText={
        categories.isError ? t('ticketForm.categoriesFailed', { error: errorText(categories.error, t) }) : undefined
      }
      {...select}
    >
      {noChange !== undefined && <option value="">{noChange}</option>}
      {prompt && (
        <option value="">
          {categories.isPending ? t('ticketForm.loadingCategories') : t('ticketForm.selectCategory')}
        </option>
      )}
      {categoryOptions(categories.data, t, current).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
