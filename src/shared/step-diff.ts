import { ariaDiff } from './aria-diff';
import { parseAriaTree } from './aria-tree';
import type { StepDiff } from './bridge';
import { domDiff } from './dom-diff';

/**
 * What a session offers for diffing: live sessions from memory, recorded ones from their artifacts (main/bridge), a static
 * report's runs from its data (renderer/src/report).
 */
export interface DiffSource {
  /** Every step's seq, in order. */
  seqs: number[];
  hasDom(seq: number): boolean;
  hasAria(seq: number): boolean;
  dom(seq: number): Promise<string | undefined>;
  /** The diff DomState wrote for the step (against its previous DOM state), if it wrote one. */
  ownDomDiff(seq: number): Promise<string | undefined>;
  aria(seq: number): Promise<string | undefined>;
}

/**
 * The DOM and aria-tree differences a step made, or between two steps (`fromSeq`): the DOM as a unified diff of
 * dom.html, the aria tree as nodes added, removed and changed. By default a step is compared with the latest earlier
 * step that has the same kind of state; a step without one of its own is compared through the nearest earlier one.
 */
export async function stepDiff(source: DiffSource, seq: number, fromSeq?: number): Promise<StepDiff> {
  if (!source.seqs.includes(seq)) throw new Error(`The session has no step ${seq}.`);
  if (fromSeq !== undefined && !source.seqs.includes(fromSeq))
    throw new Error(`The session has no step ${fromSeq} to compare with.`);
  if (fromSeq !== undefined && fromSeq >= seq)
    throw new Error(`Compare with an earlier step: ${fromSeq} is not before ${seq}.`);
  const [dom, aria] = await Promise.all([diffDom(source, seq, fromSeq), diffAria(source, seq, fromSeq)]);
  return { seq, ...dom, ...aria };
}

const latestWith = (source: DiffSource, has: (seq: number) => boolean, atOrBefore: number, before = false) =>
  source.seqs.findLast(candidate => (before ? candidate < atOrBefore : candidate <= atOrBefore) && has(candidate));

async function diffDom(
  source: DiffSource,
  seq: number,
  fromSeq?: number,
): Promise<Pick<StepDiff, 'dom' | 'domFrom' | 'domTo' | 'domNote'>> {
  const to = latestWith(source, s => source.hasDom(s), seq);
  if (to === undefined)
    return {
      dom: null,
      domNote: 'No DOM state up to this step: Browser State is off, or no tool has looked at the page yet.',
    };
  const from =
    fromSeq === undefined
      ? latestWith(source, s => source.hasDom(s), to, true)
      : latestWith(source, s => source.hasDom(s), fromSeq);
  if (from === undefined) {
    return {
      dom: null,
      domTo: to,
      domNote: `Step ${to} has the first DOM state of the session: there is nothing earlier to compare it with.`,
    };
  }
  if (fromSeq === undefined && to === seq) {
    const own = await source.ownDomDiff(seq);
    if (own) return { dom: own, domFrom: from, domTo: to };
  }
  const [before, after] = await Promise.all([source.dom(from), source.dom(to)]);
  if (before === undefined || after === undefined)
    return {
      dom: null,
      domFrom: from,
      domTo: to,
      domNote: 'This DOM state is no longer in memory (long live session); recorded sessions keep every one.',
    };
  const diff = domDiff(before, after, `(after step ${from})`, `(after step ${to})`);
  return diff
    ? { dom: diff, domFrom: from, domTo: to }
    : { dom: null, domFrom: from, domTo: to, domNote: `The DOM is the same after step ${from} and after step ${to}.` };
}

async function diffAria(
  source: DiffSource,
  seq: number,
  fromSeq?: number,
): Promise<Pick<StepDiff, 'aria' | 'ariaFrom' | 'ariaTo' | 'ariaNote'>> {
  const to = latestWith(source, s => source.hasAria(s), seq);
  if (to === undefined) return { aria: null, ariaNote: 'No aria snapshot up to this step.' };
  const from =
    fromSeq === undefined
      ? latestWith(source, s => source.hasAria(s), to, true)
      : latestWith(source, s => source.hasAria(s), fromSeq);
  if (from === undefined || from === to)
    return {
      aria: null,
      ariaTo: to,
      ariaNote: `Step ${to} has the first aria snapshot in range: there is nothing earlier to compare it with.`,
    };
  const [before, after] = await Promise.all([source.aria(from), source.aria(to)]);
  if (before === undefined || after === undefined)
    return {
      aria: null,
      ariaFrom: from,
      ariaTo: to,
      ariaNote: 'This snapshot is no longer in memory (long live session).',
    };
  return { aria: ariaDiff(parseAriaTree(before), parseAriaTree(after)), ariaFrom: from, ariaTo: to };
}
