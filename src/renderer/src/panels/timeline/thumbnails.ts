import { inspector } from '../../bridge/inspector';

/** Thumbnail width in CSS pixels, doubled for sharp rendering on high-density screens. */
const WIDTH = 192;
const MAX_CACHED = 600;
/** At most this many screenshots are fetched and shrunk at once, so scrolling never floods the bridge. */
const CONCURRENCY = 4;

const cache = new Map<string, Promise<string | undefined>>();
const queue: (() => void)[] = [];
let running = 0;

function schedule<T>(task: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const run = () => {
      running++;
      task()
        .then(resolve, reject)
        .finally(() => {
          running--;
          queue.shift()?.();
        });
    };
    if (running < CONCURRENCY) run();
    else queue.push(run);
  });
}

/** The step's screenshot shrunk in the browser: only a small bitmap stays in memory, not the full JPEG. */
async function shrink(mimeType: string, base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), c => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: mimeType }));
  const height = Math.round((bitmap.height / bitmap.width) * WIDTH);
  const canvas = new OffscreenCanvas(WIDTH, height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, WIDTH, height);
  bitmap.close();
  return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 }));
}

/** An object URL of the step's thumbnail, fetched once; undefined when the step has no screenshot. */
export function thumbnail(sessionId: string, seq: number): Promise<string | undefined> {
  const key = `${sessionId}:${seq}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = schedule(async () => {
      const image = await inspector.invoke('screenshot', { sessionId, seq });
      // A report's image is a file beside the page: shown as it is (its bytes cannot be read from file://).
      return image ? image.url || shrink(image.mimeType, image.base64) : undefined;
    }).catch(() => undefined);
    cache.set(key, entry);
    if (cache.size > MAX_CACHED) {
      const [oldKey, oldEntry] = cache.entries().next().value!;
      cache.delete(oldKey);
      void oldEntry.then(url => url && URL.revokeObjectURL(url));
    }
  }
  return entry;
}
