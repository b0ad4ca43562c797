import { z } from 'zod';

const id = z.string().max(100);
// The page builds this path; a page script could too, so it is only ever used as a selector, never as code.
const path = z.string().max(10_000);

/**
 * What the in-page capture reports (see page-script.ts). Checked on arrival: the binding is hidden from the page's
 * scripts, but Node still treats whatever comes through it as untrusted data.
 */
export const humanMessage = z.discriminatedUnion('kind', [
  /** Before an action: resolve this element's locator now, while it is surely still there. */
  z.object({ kind: z.literal('arm'), id, path }),
  /** A field received input: whoever is acting at this moment typed its value. */
  z.object({ kind: z.literal('input'), id }),
  z.object({
    kind: z.literal('click'),
    id,
    path,
    /** A checkbox's or radio's state after the click. */
    checked: z.boolean().optional(),
    modifiers: z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])),
  }),
  z.object({
    kind: z.literal('type'),
    id,
    path,
    value: z.string().max(1_000_000),
    password: z.boolean(),
    submit: z.boolean(),
  }),
  z.object({ kind: z.literal('select'), id, path, values: z.array(z.string()) }),
  z.object({
    kind: z.literal('key'),
    key: z.string().regex(/^(?:(?:Alt|Control|Meta|Shift)\+)*(?:Enter|Escape|Tab)$/),
  }),
]);

export type HumanMessage = z.infer<typeof humanMessage>;
