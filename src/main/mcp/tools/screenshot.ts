import { extname } from 'node:path';
import { z } from 'zod';
import { jsLiteral } from '../../../shared/js-literal';
import { linkPath, outputPath, timestamp, writeOutput } from '../files';
import { defineTool, elementField } from '../tool';

const IMAGE_TYPES = ['png', 'jpeg', 'webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

function imageType(requested: ImageType | undefined, filename: string | undefined): ImageType {
  if (requested) return requested;
  const ext = filename ? extname(filename).slice(1).toLowerCase() : '';
  if (ext === 'jpg') return 'jpeg';
  return (IMAGE_TYPES as readonly string[]).includes(ext) ? (ext as ImageType) : 'png';
}

const takeScreenshot = defineTool({
  name: 'browser_take_screenshot',
  title: 'Take a screenshot',
  description:
    "Take a screenshot of the current page. You can't perform actions based on the screenshot, use browser_snapshot for actions.",
  schema: z.strictObject({
    element: elementField,
    target: z
      .string()
      .optional()
      .describe('Exact target element reference from the page snapshot, or a unique element selector'),
    type: z
      .enum(IMAGE_TYPES)
      .optional()
      .describe('Image format for the screenshot. If unset, inferred from the filename extension, otherwise png.'),
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the screenshot to. Relative file names are resolved against the workspace root. If not specified, the screenshot is saved into the output directory as `page-{timestamp}.{png|jpeg|webp}`.',
      ),
    fullPage: z
      .boolean()
      .optional()
      .describe(
        'When true, takes a screenshot of the full scrollable page, instead of the currently visible viewport. Cannot be used with element screenshots.',
      ),
    scale: z
      .enum(['css', 'device'])
      .default('css')
      .describe(
        'Image resolution scale. "css" produces a screenshot sized in CSS pixels (smaller, consistent across devices). "device" produces a high-resolution screenshot using device pixels (larger, accounts for the device pixel ratio). Default is css.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    if (args.fullPage && args.target) throw new Error('fullPage cannot be used with element screenshots.');
    const type = imageType(args.type, args.filename);
    const file = outputPath(
      context.workspace,
      args.filename,
      `${args.target ? 'element' : 'page'}-${timestamp()}.${type}`,
    );
    // The path as @playwright/mcp prints it, in the link and in the code: `./shot.png` for a file in the workspace root.
    const shownPath = linkPath(context.workspace, file, true);
    const options = {
      type,
      ...(type === 'jpeg' && { quality: 90 }),
      scale: args.scale,
      ...(args.fullPage !== undefined && { fullPage: args.fullPage }),
    };
    const what = args.target ? args.element || 'element' : args.fullPage ? 'full page' : 'viewport';
    // The peer's code: a comment naming what and where, then the call with its options in name order.
    const codeOptions = jsLiteral(
      Object.fromEntries(Object.entries({ ...options, path: shownPath }).sort(([a], [b]) => a.localeCompare(b))),
    );
    let data: Buffer;
    response.addCode(`// Screenshot ${what} and save it as ${shownPath}`);
    if (args.target) {
      const { locator, code } = await tab.locator(args.target);
      response.addCode(`await ${code}.screenshot(${codeOptions});`);
      data = await locator.screenshot(options);
    } else {
      response.addCode(`await page.screenshot(${codeOptions});`);
      data = await tab.page.screenshot(options);
    }
    await writeOutput(context, file, data);
    response.addResult(`- [Screenshot of ${what}](${shownPath})`);
    // As the peer: a file the agent named is where the image went; only an unnamed one comes back inline too.
    response.addImage({ mimeType: `image/${type}`, data, recordOnly: !!args.filename });
  },
});

export default [takeScreenshot];
