import { Button, Field, HStack, Input, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuSave } from 'react-icons/lu';
import { PRIORITIES, TIMEZONES } from '#shared/constants.ts';
import { SLA_CLOCKS, type SlaPolicy, slaPolicySchema, WEEKDAYS } from '#shared/schemas/sla.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { priorityLabel } from '../../lib/ticket-display.ts';
import { slaPolicyQuery, useSaveSlaPolicyMutation } from './queries.ts';

type Hours = SlaPolicy['businessCalendar']['weeklyHours'][(typeof WEEKDAYS)[number]];

/**
 * Settings → SLA policy (admins; docs/product.md §9): per priority the first-response and resolution targets in
 * minutes and the clock they run on, and the business calendar. A save applies to tickets created afterwards.
 */
export function SlaPolicyPanel() {
  const t = useT();
  const { data: stored } = useSuspenseQuery(slaPolicyQuery());
  const save = useSaveSlaPolicyMutation();
  const [draft, setDraft] = useState<SlaPolicy>();
  const [holidays, setHolidays] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const policy = draft ?? stored;
  const calendar = policy.businessCalendar;

  const setTarget = (priority: (typeof PRIORITIES)[number], field: string, value: number | string) =>
    setDraft({
      ...policy,
      targets: { ...policy.targets, [priority]: { ...policy.targets[priority], [field]: value } },
    });
  const setCalendar = (change: Partial<SlaPolicy['businessCalendar']>) =>
    setDraft({ ...policy, businessCalendar: { ...calendar, ...change } });
  const setHours = (day: (typeof WEEKDAYS)[number], hours: Hours) =>
    setCalendar({ weeklyHours: { ...calendar.weeklyHours, [day]: hours } });

  const onSave = async () => {
    const holidayList = (holidays ?? calendar.holidays.join('\n'))
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    const parsed = slaPolicySchema.safeParse({ ...policy, businessCalendar: { ...calendar, holidays: holidayList } });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    try {
      await save.mutateAsync(parsed.data);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('slaPolicy.saveFailed'), refusalMessage(error, translate));
      return;
    }
    setDraft(undefined);
    setHolidays(undefined);
    notify('success', translate('slaPolicy.saved'));
  };

  return (
    <Stack gap="6">
      <Text color="fg.muted">{t('slaPolicy.description')}</Text>
      <Table.Root size="sm" maxW="3xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('slaPolicy.priority')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('slaPolicy.firstResponseMinutes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('slaPolicy.resolutionMinutes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('slaPolicy.clock')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {PRIORITIES.map((priority) => {
            const targets = policy.targets[priority];
            const name = priorityLabel(priority, t);
            return (
              <Table.Row key={priority}>
                <Table.Cell>{name}</Table.Cell>
                <Table.Cell>
                  <Input
                    type="number"
                    min={1}
                    size="sm"
                    maxW="8rem"
                    aria-label={t('slaPolicy.firstResponseOf', { priority: name })}
                    value={targets.firstResponseMinutes}
                    onChange={(e) => setTarget(priority, 'firstResponseMinutes', e.currentTarget.valueAsNumber)}
                  />
                </Table.Cell>
                <Table.Cell>
                  <Input
                    type="number"
                    min={1}
                    size="sm"
                    maxW="8rem"
                    aria-label={t('slaPolicy.resolutionOf', { priority: name })}
                    value={targets.resolutionMinutes}
                    onChange={(e) => setTarget(priority, 'resolutionMinutes', e.currentTarget.valueAsNumber)}
                  />
                </Table.Cell>
                <Table.Cell>
                  <NativeSelect.Root size="sm" maxW="12rem">
                    <NativeSelect.Field
                      aria-label={t('slaPolicy.clockOf', { priority: name })}
                      value={targets.clock}
                      onChange={(e) => setTarget(priority, 'clock', e.currentTarget.value)}
                    >
                      {SLA_CLOCKS.map((clock) => (
                        <option key={clock} value={clock}>
                          {t(clock === 'business' ? 'slaPolicy.clock.business' : 'slaPolicy.clock.always')}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>

      <Stack gap="3" maxW="3xl">
        <Text fontWeight="semibold">{t('slaPolicy.calendar')}</Text>
        <Field.Root maxW="sm">
          <Field.Label>{t('slaPolicy.timeZone')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={calendar.timeZone}
              onChange={(e) => setCalendar({ timeZone: e.currentTarget.value })}
            >
              {[...new Set([calendar.timeZone, ...TIMEZONES])].map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {WEEKDAYS.map((day) => {
          const hours = calendar.weeklyHours[day];
          const dayName = t(`slaPolicy.day.${day}`);
          return (
            <HStack key={day} gap="3">
              <Text w="7rem">{dayName}</Text>
              <label>
                <input
                  type="checkbox"
                  checked={hours !== null}
                  onChange={(e) => setHours(day, e.currentTarget.checked ? { open: '09:00', close: '17:00' } : null)}
                />{' '}
                {t('slaPolicy.open')}
              </label>
              {hours && (
                <>
                  <Input
                    type="time"
                    size="sm"
                    maxW="8rem"
                    aria-label={t('slaPolicy.opensOn', { day: dayName })}
                    value={hours.open}
                    onChange={(e) => setHours(day, { ...hours, open: e.currentTarget.value })}
                  />
                  <Input
                    type="time"
                    size="sm"
                    maxW="8rem"
                    aria-label={t('slaPolicy.closesOn', { day: dayName })}
                    value={hours.close === '24:00' ? '23:59' : hours.close}
                    onChange={(e) => setHours(day, { ...hours, close: e.currentTarget.value })}
                  />
                </>
              )}
            </HStack>
          );
        })}
        <Field.Root maxW="sm">
          <Field.Label>{t('slaPolicy.holidays')}</Field.Label>
          <Textarea
            rows={3}
            placeholder="2025-12-25"
            value={holidays ?? calendar.holidays.join('\n')}
            onChange={(e) => setHolidays(e.currentTarget.value)}
          />
          <Field.HelperText>{t('slaPolicy.holidaysHint')}</Field.HelperText>
        </Field.Root>
      </Stack>
      {problem && (
        <Text role="alert" color="fg.error">
          {fieldErrorText(problem, t)}
        </Text>
      )}
      <Button alignSelf="start" onClick={onSave} loading={save.isPending} loadingText={t('common.saving')}>
        <LuSave aria-hidden />
        {t('slaPolicy.save')}
      </Button>
    </Stack>
  );
}
