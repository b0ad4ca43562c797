import type { StepImage } from '../../../shared/bridge';

/** Where an <img> finds a step's image: its bytes inline, or (in a static report) the file beside the page. */
export const imageSrc = (image: StepImage) => image.url || `data:${image.mimeType};base64,${image.base64}`;

/** The image's size in bytes, when its bytes are at hand (not for one a report keeps as a file). */
export const imageBytes = (image: StepImage) => (image.url ? undefined : Math.floor((image.base64.length * 3) / 4));
