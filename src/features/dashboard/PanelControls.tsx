/**
 * Controls shared by the Transactions and User Orders panels: the From / To days and the period
 * dropdown of a datePreset actor, the report and export buttons of report actors, and the URL the
 * panel keeps its filters in. The actors are children of the panel's statechart
 * (dashboardPanel.machine.ts), which connects them to each other.
 */
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { NativeSelect } from '@/ui/bound-recipes/NativeSelect';
import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { ReportRequest } from '@/api/dashboard';
import type { PanelUrl } from '@/machines/dashboardPanel.machine';
import { DATE_PRESETS } from '@/machines/datePreset.machine';
import type { DatePresetId, datePresetMachine } from '@/machines/datePreset.machine';
import { GENERATING_LABEL, selectIsGenerating } from '@/machines/report.machine';
import type { reportMachine } from '@/machines/report.machine';
import { useUiEffects } from '@/routes/screen-actor';
import { useLocationSubscription } from '@/routes/ui-effects';
import { useIsPrerendering } from '@/ui/hydration';

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

/** Props of one date input of {@link DateRangeFields}. */
interface DayFieldProps {
  id: string;
  label: string;
  value: string;
  /** The field error to show (aria-invalid, linked by aria-describedby), or null. */
  error: string | null;
  onChange: (value: string) => void;
}

function DayField({ id, label, value, error, onChange }: DayFieldProps) {
  const errorId = `${id}-error`;
  // A prerendered dashboard (issue 31) would show the build's days until the app starts.
  const prerendering = useIsPrerendering();
  return (
    <Field.Root id={id} ids={{ errorText: errorId }} invalid={error !== null} width="auto">
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        value={prerendering ? '' : value}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Field.ErrorText maxW="14rem">{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * The From and To day inputs of a period (issue 15): the period checks typed days after a pause and
 * puts a field error on the input concerned (a day that is not real, a year outside 2000–2100, From
 * after To); nothing is fetched for them.
 */
export function DateRangeFields({ period, idPrefix }: DateRangeFieldsProps) {
  const from = useSelector(period, (snapshot) => snapshot.context.from);
  const to = useSelector(period, (snapshot) => snapshot.context.to);
  const error = useSelector(period, (snapshot) => snapshot.context.error);
  return (
    <HStack gap="3" align="start">
      <DayField
        id={`${idPrefix}-from`}
        label="From"
        value={from}
        error={error?.field === 'from' ? error.message : null}
        onChange={(value) => period.send({ type: 'period.from', value })}
      />
      <DayField
        id={`${idPrefix}-to`}
        label="To"
        value={to}
        error={error?.field === 'to' ? error.message : null}
        onChange={(value) => period.send({ type: 'period.to', value })}
      />
    </HStack>
  );
}

/** Props of {@link ReportButton}. */
export interface ReportButtonProps {
  report: ReportActor;
  /** The spec's button text, e.g. 'TRANSACTIONS REPORT', or 'Export CSV'. */
  label: string;
  onGenerate: () => void;
  /** True when there is nothing to put in the file (the list's filters cannot be asked yet). */
  disabled?: boolean;
  /** 'outline' for the export beside the report. */
  variant?: 'solid' | 'outline';
}

/**
 * A file button (the report's or the export's): 'Generating...' and disabled while the file is made
 * (spec §2). It connects the actor's effects (its failure toast, spec §8) to the root handler while
 * it is shown.
 */
export function ReportButton({
  report,
  label,
  onGenerate,
  disabled = false,
  variant = 'solid',
}: ReportButtonProps) {
  const generating = useSelector(report, selectIsGenerating);
  useUiEffects(report);
  return (
    <Button
      size="sm"
      colorPalette="brand"
      variant={variant}
      disabled={generating || disabled}
      onClick={onGenerate}
    >
      {generating ? GENERATING_LABEL : label}
    </Button>
  );
}

/**
 * The panel's report and 'Export CSV' buttons: both ask for the list's current filters (`request`),
 * the PDF through `report` and the CSV through `exporter` (issue 15).
 */
export function PanelFileButtons(props: {
  report: ReportActor;
  exporter: ReportActor;
  /** The spec's report button text, e.g. 'TRANSACTIONS REPORT'. */
  reportLabel: string;
  request: ReportRequest;
  /** True when the list's filters cannot be asked yet. */
  disabled: boolean;
}) {
  const { report, exporter, request, disabled } = props;
  return (
    <>
      <ReportButton
        report={report}
        label={props.reportLabel}
        disabled={disabled}
        onGenerate={() => report.send({ type: 'report.generate', request })}
      />
      <ReportButton
        report={exporter}
        label="Export CSV"
        variant="outline"
        disabled={disabled}
        onGenerate={() => exporter.send({ type: 'report.generate', request: { ...request, format: 'csv' } })}
      />
    </>
  );
}

/**
 * The panel's list URL for its statechart's input (issue 15 finding 6): the search the dashboard was
 * opened with and the app's locations, so the list starts on, and follows, its keys in the URL.
 */
export function usePanelUrl(): PanelUrl {
  const { search } = useLocation();
  const subscribe = useLocationSubscription();
  return { search, subscribe };
}
