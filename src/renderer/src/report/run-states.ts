import type { StateFile, StateFileList, StepDiff } from '../../../shared/bridge';
import { RecordedState } from '../../../shared/recorded-state';
import type { StatesChunk } from '../../../shared/report';
import { stepDiff, type DiffSource } from '../../../shared/step-diff';

/**
 * A report's run as the app's bridge would diff it and list its Browser State files, made in the page from the run's
 * states (shared/report.ts): the same code the bridge runs over a recording's artifacts, over texts loaded by hash.
 */
export class RunStates {
  private readonly source: DiffSource;
  private readonly bySeq: Map<number, StatesChunk['steps'][number]>;

  constructor(
    chunk: StatesChunk,
    private readonly text: (hash: string) => Promise<string>,
  ) {
    this.bySeq = new Map(chunk.steps.map(step => [step.seq, step]));
    const read = (hash: string | undefined) => (hash === undefined ? Promise.resolve(undefined) : this.text(hash));
    this.source = {
      seqs: chunk.steps.map(step => step.seq),
      hasDom: seq => !!this.bySeq.get(seq)?.dom,
      hasAria: seq => !!this.bySeq.get(seq)?.aria,
      dom: seq => read(this.bySeq.get(seq)?.dom),
      ownDomDiff: seq => read(this.bySeq.get(seq)?.domDiff),
      aria: seq => read(this.bySeq.get(seq)?.aria),
    };
  }

  diff(seq: number, fromSeq?: number): Promise<StepDiff> {
    return stepDiff(this.source, seq, fromSeq);
  }

  private state(seq: number): RecordedState {
    if (!this.bySeq.has(seq)) throw new Error(`The session has no step ${seq}.`);
    const steps = [...this.bySeq.values()].map(({ seq: at, dom, aria, diffFile }) => ({
      seq: at,
      dom: !!dom,
      aria: !!aria,
      ...(diffFile !== undefined && { diffFile }),
    }));
    return new RecordedState(
      steps,
      { dom: this.source.dom, aria: this.source.aria, domDiff: this.source.ownDomDiff },
      seq,
    );
  }

  files(seq: number): Promise<StateFileList> {
    return this.state(seq).list();
  }

  read(seq: number, path: string): Promise<StateFile> {
    return this.state(seq).read(path);
  }
}
