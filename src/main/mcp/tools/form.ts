import { z } from 'zod';
import { jsLiteral } from '../../../shared/js-literal';
import { readablePath } from '../files';
import { startFieldFacts, textToType } from '../sensitive-field';
import { defineTool, elementField, noModal, targetField } from '../tool';

const fillForm = defineTool({
  name: 'browser_fill_form',
  title: 'Fill form',
  description: 'Fill multiple form fields',
  schema: z.strictObject({
    fields: z
      .array(
        z.strictObject({
          element: elementField,
          target: targetField,
          name: z.string().describe('Human-readable field name'),
          type: z.enum(['textbox', 'checkbox', 'radio', 'combobox', 'slider']).describe('Type of the field'),
          value: z
            .string()
            .describe(
              'Value to fill in the field. If the field is a checkbox, the value should be `true` or `false`. If the field is a combobox, the value should be the text of the option.',
            ),
        }),
      )
      .describe('Fields to fill in'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, context, response }) {
    // Resolve every target first, so a bad one fails the call before any field changes; a text field's facts (is it a
    // secret?) are read meanwhile.
    const fields = await Promise.all(
      args.fields.map(async field => {
        const facts = field.type === 'textbox' ? startFieldFacts(tab.uncheckedLocator(field.target)) : undefined;
        return { field, facts, ...(await tab.locator(field.target)) };
      }),
    );
    await tab.runAction(
      async () => {
        for (const { field, facts, locator, code } of fields) {
          if (field.type === 'checkbox' || field.type === 'radio') {
            // As @playwright/mcp: "true" checks, any other value unchecks, and the code says which.
            const checked = field.value === 'true';
            response.addAction({ name: checked ? 'check' : 'uncheck', locator: code });
            await locator.setChecked(checked);
          } else if (field.type === 'combobox') {
            response.addAction({ name: 'select', locator: code, options: [field.value] });
            await locator.selectOption(field.value);
          } else {
            const text = await textToType(context.secrets, facts ?? startFieldFacts(locator), field.value);
            response.addAction({ name: 'fill', locator: code, text: text.written });
            await locator.fill(text.value);
          }
        }
      },
      { waitForLater: false },
    );
    // As @playwright/mcp, and as a plain browser_type: filling sets values, so the answer carries no snapshot (on a
    // large page it would cost far more than the filling); the next call's snapshot shows what the values changed.
  },
});

const fileUpload = defineTool({
  name: 'browser_file_upload',
  title: 'Upload files',
  description: 'Upload one or multiple files',
  schema: z.strictObject({
    paths: z
      .array(z.string())
      .optional()
      .describe(
        'The absolute paths to the files to upload. Can be single file or multiple files. If omitted, file chooser is cancelled.',
      ),
  }),
  scope: 'page',
  readOnly: false,
  clearsModal: 'fileChooser',
  async handler({ args, tab, context, response }) {
    const state = tab.modalStates.find(s => s.type === 'fileChooser');
    if (state?.type !== 'fileChooser') throw new Error(noModal('browser_file_upload'));
    // As @playwright/mcp: relative names against the workspace root, nothing outside it and the output folder.
    const paths = args.paths && (await Promise.all(args.paths.map(path => readablePath(context.workspace, path))));
    response.addCode(`await fileChooser.setFiles(${jsLiteral(paths ?? [])});`);
    response.includeSnapshot();
    tab.clearModal(state);
    try {
      await tab.runAction(() => state.fileChooser.setFiles(paths ?? []), { snapshotAfter: true });
    } catch (error) {
      // A file that cannot be read leaves the chooser open for another try, as the peer: its error, with the page.
      tab.restoreModal(state);
      response.addError(error instanceof Error ? error.message : String(error));
    }
  },
});

export default [fillForm, fileUpload];
