import type { AnnotationBox } from '../../store/debugger';

const STROKE = '#ff3d7f';

/** Loads a data URL into an image element, resolved once it can be drawn. */
function load(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The screenshot could not be read.'));
    image.src = src;
  });
}

/**
 * The screenshot with the person's boxes and their numbers drawn on it, at the screenshot's own size, as PNG base64:
 * the image the agent gets. Boxes are in CSS pixels of `viewport`; the screenshot may be larger (a device scale).
 */
export async function annotatedImage(
  screenshot: { mimeType: string; base64: string },
  viewport: { width: number; height: number },
  boxes: AnnotationBox[],
): Promise<string> {
  const image = await load(`data:${screenshot.mimeType};base64,${screenshot.base64}`);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the annotated image (no 2D canvas).');
  context.drawImage(image, 0, 0);
  const scale = image.naturalWidth / viewport.width;
  const line = Math.max(2, Math.round(3 * scale));
  const font = Math.round(14 * scale);
  boxes.forEach((box, index) => {
    const [x, y, width, height] = [box.x, box.y, box.width, box.height].map(value => value * scale);
    context.fillStyle = 'rgba(255, 61, 127, 0.12)';
    context.fillRect(x, y, width, height);
    context.strokeStyle = STROKE;
    context.lineWidth = line;
    context.strokeRect(x, y, width, height);
    // The number in a tag at the box's top-left corner, inside the image even for a box at its edge.
    const label = String(index + 1);
    context.font = `bold ${font}px system-ui, sans-serif`;
    const tagWidth = context.measureText(label).width + font * 0.8;
    const tagHeight = font * 1.4;
    const tagX = Math.min(Math.max(0, x - line / 2), canvas.width - tagWidth);
    const tagY = y - tagHeight >= 0 ? y - tagHeight : Math.min(y, canvas.height - tagHeight);
    context.fillStyle = STROKE;
    context.fillRect(tagX, tagY, tagWidth, tagHeight);
    context.fillStyle = '#fff';
    context.textBaseline = 'middle';
    context.fillText(label, tagX + font * 0.4, tagY + tagHeight / 2);
  });
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}
