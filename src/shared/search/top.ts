/**
 * The indices of the `k` best of `count` candidates, best first. A min-heap of the best so far: a common word's
 * 100,000 matches are compared, never all sorted nor all turned into results.
 */
export function top(count: number, k: number, better: (a: number, b: number) => boolean): number[] {
  const heap: number[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  for (let candidate = 0; candidate < count; candidate++) {
    if (heap.length < k) {
      heap.push(candidate);
      // Up: the worst of the heap stays at its root.
      for (let i = heap.length - 1; i > 0 && better(heap[(i - 1) >> 1], heap[i]); i = (i - 1) >> 1)
        swap(i, (i - 1) >> 1);
    } else if (k > 0 && better(candidate, heap[0])) {
      heap[0] = candidate;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && better(heap[worst], heap[left])) worst = left;
        if (right < heap.length && better(heap[worst], heap[right])) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
