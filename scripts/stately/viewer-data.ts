/**
 * What a viewer page (`npm run stately`, stately/<machine>.html) carries and reads: the data
 * embedded in the page when it is generated, and the browser replays' record it reads when it
 * opens. Types only, shared by the generator (viewer.ts) and the page's script (viewer-client.ts).
 */
import type { DiagramEdge, DiagramState } from './export';

/** One step of a covering path: the event, the states after it, the transitions it took. */
export interface ViewerStep {
  /** The event, as test titles name it (tests/model/harness.ts `describeEvent`). */
  event: string;
  /** Ids of every state node the machine is in after the step, from the root down. */
  states: string[];
  /** Ids of the transitions the step took, in order (`transitionId`). */
  transitions: string[];
}

/** One covering path of the model tests (tests/model/covering.ts). */
export interface ViewerPath {
  /** The path's name, as its model test and its browser replay are titled. */
  name: string;
  steps: ViewerStep[];
}

/** What the model tests' generated paths reach, for the coverage drawn on the diagram. */
export interface ModelCoverage {
  states: string[];
  transitions: string[];
}

/** The data embedded in a viewer page (`<script type="application/json" id="viewer-data">`). */
export interface ViewerData {
  machine: string;
  source: string;
  /** The Mermaid text of the diagram (scripts/stately/export.ts `toDiagram`). */
  diagram: string;
  states: DiagramState[];
  edges: DiagramEdge[];
  /** Null for a machine without a model in tests/model/models. */
  model: ModelCoverage | null;
  paths: ViewerPath[];
}

/**
 * reports/model-browser/<machine id>.json, written by the browser replays
 * (tests/e2e/model/ui-model.ts `recordReplay`): one entry per replayed path, with what the app's own
 * actor was observed doing (state node ids, transition ids) and where its Playwright trace is.
 */
export interface BrowserReport {
  machine: string;
  paths: Array<{
    name: string;
    status: 'passed' | 'failed';
    /** The trace's path from the repository root, null when none was kept. */
    trace: string | null;
    observed: { states: string[]; transitions: string[] };
  }>;
}
