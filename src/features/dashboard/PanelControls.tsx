/**
 * Controls shared by the Transactions and User Orders panels: the From / To days and the period
 * dropdown of a datePreset actor, and the report button of a report actor. The actors are children
 * of the panel's statechart (dashboardPanel.machine.ts), which connects them to each other.
 */
import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DATE_PRESETS } from '@/machines/datePreset.machine';
import type { DatePresetId, datePresetMachine } from '@/machines/datePreset.machine';
import { GENERATING_LABEL, selectIsGenerating } from '@/machines/report.machine';
import type { reportMachine } from '@/machines/report.machine';
import { useUiEffects } from '@/routes/screen-actor';

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

/**
 * The report button: 'Generating...' and disabled while the report is made (spec §2). It connects
 * the report's effects (its failure toast, spec §8) to the root handler while it is shown.
 */
export function ReportButton({ report, label, onGenerate }: ReportButtonProps) {
  const generating = useSelector(report, selectIsGenerating);
  useUiEffects(report);
  return (
    <Button size="sm" colorPalette="brand" disabled={generating} onClick={onGenerate}>
      {generating ? GENERATING_LABEL : label}
    </Button>
  );
}
