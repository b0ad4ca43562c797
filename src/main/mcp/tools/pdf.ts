import { z } from 'zod';
import { jsLiteral } from '../../../shared/js-literal';
import { linkPath, outputPath, timestamp, writeOutput } from '../files';
import { defineTool } from '../tool';

const pdfSave = defineTool({
  name: 'browser_pdf_save',
  title: 'Save as PDF',
  description: 'Save page as PDF',
  schema: z.strictObject({
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the pdf to. Relative file names are resolved against the workspace root. If not specified, the pdf is saved into the output directory as `page-{timestamp}.pdf`.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'pdf',
  async handler({ args, tab, context, response }) {
    const file = outputPath(context.workspace, args.filename, `page-${timestamp()}.pdf`);
    const shown = linkPath(context.workspace, file, !!args.filename);
    await writeOutput(context, file, await tab.page.pdf());
    response.addResult(`- [Page as pdf](${shown})`);
    response.addCode(`await page.pdf(${jsLiteral({ path: shown })});`);
  },
});

export default [pdfSave];
