/** A box a person drew on the page, in CSS pixels of the viewport, with what they wrote on it. */
export interface Annotation {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** What a person sent back from annotation mode. */
export interface AnnotationAnswer {
  /** The note on the whole page. */
  note: string;
  annotations: Annotation[];
  /** The screenshot with the boxes drawn on it (PNG). */
  image: Buffer;
}

/** The page as it was when a person was asked to annotate it. */
export interface AnnotationPage {
  url: string;
  title: string;
  screenshot: Buffer;
  viewport: { width: number; height: number };
}

/** Thrown when no person watches the session in the inspector: the agent hears so. */
export class NoPersonError extends Error {}

/**
 * Where a tool reaches a person watching the session in the inspector (the debugger implements it; the MCP layer
 * knows only this). Waiting for the person is a held call: the client gets progress, --pause-timeout ends it.
 */
export interface PersonDesk {
  /** The person's answer; `cancelled` when they cancelled (or the client did), `timeout` after --pause-timeout. */
  annotate(page: AnnotationPage): Promise<AnnotationAnswer | 'cancelled' | 'timeout'>;
}
