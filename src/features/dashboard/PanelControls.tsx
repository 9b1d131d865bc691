/**
 * Controls shared by the Transactions and User Orders panels: the From / To days and the period
 * dropdown of a datePreset actor, the report button of a report actor, and the two hooks that
 * connect those actors to the panel (period changes become list filter changes; report failures
 * become the error toast).
 */
import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { DATE_PRESETS } from '@/machines/datePreset.machine';
import type { DatePresetId, datePresetMachine } from '@/machines/datePreset.machine';
import { GENERATING_LABEL, selectIsGenerating } from '@/machines/report.machine';
import type { reportMachine } from '@/machines/report.machine';
import { showErrorToast } from '@/ui/Toasts';

/** A period actor (datePresetMachine). */
export type PeriodActor = ActorRefFrom<typeof datePresetMachine>;
/** A report actor (reportMachine). */
export type ReportActor = ActorRefFrom<typeof reportMachine>;

const isPreset = (value: string): value is DatePresetId => DATE_PRESETS.some((preset) => preset.id === value);

/** Props of {@link PeriodSelect}. */
export interface PeriodSelectProps {
  period: PeriodActor;
  /** Accessible name of the dropdown. */
  label: string;
}

/** The preset dropdown; shows 'Custom range' while From or To were edited by hand. */
export function PeriodSelect({ period, label }: PeriodSelectProps) {
  const preset = useSelector(period, (snapshot) => snapshot.context.preset);
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={label}
        value={preset}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isPreset(value)) period.send({ type: 'period.select', preset: value });
        }}
      >
        {preset === 'custom' && (
          <option value="custom" disabled>
            Custom range
          </option>
        )}
        {DATE_PRESETS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Props of {@link DateRangeFields}: the period actor and an id prefix unique on the page. */
export interface DateRangeFieldsProps {
  period: PeriodActor;
  idPrefix: string;
}

/** The From and To day inputs of a period. */
export function DateRangeFields({ period, idPrefix }: DateRangeFieldsProps) {
  const from = useSelector(period, (snapshot) => snapshot.context.from);
  const to = useSelector(period, (snapshot) => snapshot.context.to);
  return (
    <HStack gap="3" align="end">
      <Field.Root width="auto">
        <Field.Label htmlFor={`${idPrefix}-from`}>From</Field.Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          size="sm"
          value={from}
          max={to || undefined}
          onChange={(event) => period.send({ type: 'period.from', value: event.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root width="auto">
        <Field.Label htmlFor={`${idPrefix}-to`}>To</Field.Label>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          size="sm"
          value={to}
          min={from || undefined}
          onChange={(event) => period.send({ type: 'period.to', value: event.currentTarget.value })}
        />
      </Field.Root>
    </HStack>
  );
}

/** Props of {@link ReportButton}. */
export interface ReportButtonProps {
  report: ReportActor;
  /** The spec's button text, e.g. 'TRANSACTIONS REPORT'. */
  label: string;
  onGenerate: () => void;
}

/** The report button: 'Generating...' and disabled while the report is made (spec §2). */
export function ReportButton({ report, label, onGenerate }: ReportButtonProps) {
  const generating = useSelector(report, selectIsGenerating);
  return (
    <Button size="sm" colorPalette="brand" disabled={generating} onClick={onGenerate}>
      {generating ? GENERATING_LABEL : label}
    </Button>
  );
}

/** Shows every `report.failed` of `report` in the shared error toast (spec §8). */
export function useReportFailureToast(report: ReportActor): void {
  useEffect(() => {
    const subscription = report.on('report.failed', (event) => showErrorToast(event.message));
    return () => subscription.unsubscribe();
  }, [report]);
}

/** The period's current days as list filters (`start_date`, `end_date`, `YYYY-MM-DD`). */
export function periodFilters(period: PeriodActor): { start_date: string; end_date: string } {
  const { from, to } = period.getSnapshot().context;
  return { start_date: from, end_date: to };
}

/** A list actor that takes the period's days as filters (both dashboard panels' lists). */
export interface DayFilteredList {
  send(event: { type: 'list.filter'; filters: { start_date: string; end_date: string } }): void;
}

/**
 * Sends every new range of `period` to `list` as its day filters (spec §4 "Orders period": a change
 * of period resets the list to page 1, which `list.filter` does).
 */
export function usePeriodFilter(period: PeriodActor, list: DayFilteredList): void {
  useEffect(() => {
    const subscription = period.on('period.changed', (event) =>
      list.send({ type: 'list.filter', filters: { start_date: event.from, end_date: event.to } }),
    );
    return () => subscription.unsubscribe();
  }, [period, list]);
}
