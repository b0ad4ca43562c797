import { z } from 'zod';
import { defineTool, noModal } from '../tool';

const handleDialog = defineTool({
  name: 'browser_handle_dialog',
  title: 'Handle a dialog',
  description: 'Handle a dialog',
  schema: z.strictObject({
    accept: z.boolean().describe('Whether to accept the dialog.'),
    promptText: z.string().optional().describe('The text of the prompt in case of a prompt dialog.'),
  }),
  scope: 'page',
  readOnly: false,
  clearsModal: 'dialog',
  async handler({ args, tab, response }) {
    const state = tab.modalStates.find(s => s.type === 'dialog');
    if (state?.type !== 'dialog') throw new Error(noModal('browser_handle_dialog'));
    tab.clearModal(state);
    await tab.runAction(() => (args.accept ? state.dialog.accept(args.promptText) : state.dialog.dismiss()));
    // The page as the dialog left it, without a snapshot, as @playwright/mcp answers.
    response.includePage();
  },
});

export default [handleDialog];
