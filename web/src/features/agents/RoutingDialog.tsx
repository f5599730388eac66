import { Checkbox, Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { LANGUAGES, ROUTING } from '#shared/constants.ts';
import type { AgentRouting, StaffMember } from '#shared/schemas/user.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { displayNameOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { allCategoriesQuery } from '../categories/queries.ts';
import { LANGUAGE_NAMES } from '../settings/settings-options.ts';
import { useSetRoutingMutation } from './queries.ts';

interface RoutingDialogProps {
  agent: StaffMember | undefined;
  open: boolean;
  onClose: () => void;
}

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...list, value])] : list.filter((item) => item !== value);

/**
 * Admins and managers: an agent's cap on open tickets (empty: no cap) and the categories and customer languages they
 * handle (none ticked: all), docs/product.md §2 "Agent Management", docs/decisions/006.
 */
export function RoutingDialog({ agent, open, onClose }: RoutingDialogProps) {
  const t = useT();
  const save = useSetRoutingMutation();
  const categories = useQuery({ ...allCategoriesQuery(), enabled: open });
  const [cap, setCap] = useState('');
  const [routing, setRouting] = useState<Omit<AgentRouting, 'maxOpenTickets'>>({ categories: [], languages: [] });
  useEffect(() => {
    if (!open || !agent) return;
    setCap(agent.routing.maxOpenTickets === null ? '' : String(agent.routing.maxOpenTickets));
    setRouting({ categories: agent.routing.categories, languages: agent.routing.languages });
  }, [open, agent]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!agent) return;
    const maxOpenTickets = cap.trim() === '' ? null : Number(cap);
    try {
      await save.mutateAsync({ id: agent.id, routing: { maxOpenTickets, ...routing } });
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('routing.saveFailed'), refusalMessage(error, translate));
      return;
    }
    notify('success', translate('routing.saved'));
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('routing.title')}
      description={agent && t('agents.person', { name: displayNameOf(agent, t), email: agent.email })}
      onSubmit={onSubmit}
      submitLabel={t('settings.save')}
      pendingLabel={t('common.updating')}
      pending={save.isPending}
    >
      <Stack gap="5">
        <Field.Root>
          <Field.Label>{t('routing.maxOpenTickets')}</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={ROUTING.maxOpenTicketsLimit}
            step={1}
            maxW="8rem"
            value={cap}
            onChange={(event) => setCap(event.currentTarget.value)}
          />
          <Field.HelperText>{t('routing.maxOpenTicketsHint')}</Field.HelperText>
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('routing.categories')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('routing.allWhenNone')}</Fieldset.HelperText>
          <Fieldset.Content>
            {categories.isError && <Text color="fg.error">{t('routing.categoriesFailed')}</Text>}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
              {(categories.data ?? []).map((category) => (
                <Checkbox.Root
                  key={category.id}
                  checked={routing.categories.includes(category.id)}
                  onCheckedChange={(details) =>
                    setRouting((r) => ({
                      ...r,
                      categories: toggled(r.categories, category.id, details.checked === true),
                    }))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{category.displayName}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('routing.languages')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('routing.allWhenNone')}</Fieldset.HelperText>
          <Fieldset.Content>
            <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
              {LANGUAGES.map((language) => (
                <Checkbox.Root
                  key={language}
                  checked={routing.languages.includes(language)}
                  onCheckedChange={(details) =>
                    setRouting((r) => ({ ...r, languages: toggled(r.languages, language, details.checked === true) }))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{LANGUAGE_NAMES[language]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
      </Stack>
    </FormDialog>
  );
}
