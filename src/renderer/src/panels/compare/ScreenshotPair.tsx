import { useEffect, useRef, useState } from 'react';
import type { StepImage } from '../../../../shared/bridge';
import { inspector } from '../../bridge/inspector';
import { pixelDiff, type PixelDiff } from './pixel-diff';

type Side = { sessionId: string; seq: number } | undefined;

async function pixelsOf(image: StepImage): Promise<ImageData> {
  const element = new Image();
  element.src = `data:${image.mimeType};base64,${image.base64}`;
  await element.decode();
  const canvas = document.createElement('canvas');
  canvas.width = element.naturalWidth;
  canvas.height = element.naturalHeight;
  const context = canvas.getContext('2d')!;
  context.drawImage(element, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** Both steps' screenshots side by side; over B, the pixels that differ from A in red (a toggle hides them). */
export function ScreenshotPair({ a, b }: { a: Side; b: Side }) {
  const [images, setImages] = useState<{ a?: StepImage | null; b?: StepImage | null }>();
  const [diff, setDiff] = useState<PixelDiff & { widthOfB: number; heightOfB: number }>();
  const [showDiff, setShowDiff] = useState(true);
  const overlay = useRef<HTMLCanvasElement>(null);
  const key = `${a?.sessionId}:${a?.seq}|${b?.sessionId}:${b?.seq}`;

  useEffect(() => {
    let current = true;
    setImages(undefined);
    setDiff(undefined);
    const load = (side: Side) =>
      side ? inspector.invoke('screenshot', side).catch(() => null) : Promise.resolve(null);
    void Promise.all([load(a), load(b)])
      .then(async ([imageA, imageB]) => {
        if (!current) return;
        setImages({ a: imageA, b: imageB });
        if (imageA && imageB) {
          const pixelsOfB = await pixelsOf(imageB);
          const computed = pixelDiff(await pixelsOf(imageA), pixelsOfB);
          if (current) setDiff({ ...computed, widthOfB: pixelsOfB.width, heightOfB: pixelsOfB.height });
        }
      })
      // An image the canvas cannot decode still shows; only its overlay of differing pixels is left out.
      .catch(() => {});
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names both sides
  }, [key]);

  useEffect(() => {
    const canvas = overlay.current;
    if (!canvas || !diff) return;
    canvas.width = diff.width;
    canvas.height = diff.height;
    canvas
      .getContext('2d')!
      .putImageData(new ImageData(new Uint8ClampedArray(diff.overlay), diff.width, diff.height), 0, 0);
  }, [diff]);

  if (!images) return <p className="empty">Loading screenshots…</p>;
  const picture = (image: StepImage | null | undefined, label: string) =>
    image ? (
      <img src={`data:${image.mimeType};base64,${image.base64}`} alt={`Screenshot of ${label}`} />
    ) : (
      <p className="empty">No screenshot {label}.</p>
    );
  const share = diff && diff.width * diff.height ? (100 * diff.differing) / (diff.width * diff.height) : 0;
  return (
    <div className="compare-shots" data-testid="compare-shots">
      <div className="compare-shots-toolbar">
        {diff ? (
          <span data-testid="pixel-diff-summary">
            {diff.differing
              ? `${share < 0.1 ? '<0.1' : share.toFixed(1)} % of pixels differ`
              : 'The screenshots are the same'}
            {diff.sizeDiffers ? ' (different sizes: the area both cover)' : ''}
          </span>
        ) : null}
        <span className="grow" />
        {diff?.differing ? (
          <label>
            <input
              type="checkbox"
              checked={showDiff}
              onChange={event => setShowDiff(event.target.checked)}
              data-testid="pixel-diff-toggle"
            />{' '}
            Show differences on B
          </label>
        ) : null}
      </div>
      <figure>
        <figcaption>A</figcaption>
        {picture(images.a, 'in A')}
      </figure>
      <figure className="compare-shot-b">
        <figcaption>B</figcaption>
        <div className="compare-shot-stack">
          {picture(images.b, 'in B')}
          {diff ? (
            <canvas
              ref={overlay}
              data-testid="pixel-diff-overlay"
              hidden={!showDiff}
              // The overlay covers the area both pictures share, scaled with B as it is shown.
              style={{
                width: `${(100 * diff.width) / diff.widthOfB}%`,
                height: `${(100 * diff.height) / diff.heightOfB}%`,
              }}
            />
          ) : null}
        </div>
      </figure>
    </div>
  );
}
