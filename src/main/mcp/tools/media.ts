import { z } from 'zod';
import { jsLiteral } from '../../../shared/js-literal';
import { defineTool } from '../tool';

/** A media feature override: one of its values, or null to clear the override. */
const feature = <const Values extends [string, ...string[]]>(values: Values, description: string) =>
  z.enum(values).nullable().optional().describe(description);

const emulateMedia = defineTool({
  name: 'browser_emulate_media',
  title: 'Emulate media features',
  description:
    'Emulate CSS media features for the page, for example switch between the light and dark color scheme. Omitted parameters are left unchanged; null clears an override.',
  schema: z.strictObject({
    colorScheme: feature(['light', 'dark'], 'Emulates the prefers-color-scheme media feature'),
    reducedMotion: feature(['reduce', 'no-preference'], 'Emulates the prefers-reduced-motion media feature'),
    forcedColors: feature(['active', 'none'], 'Emulates the forced-colors media feature'),
    contrast: feature(['more', 'no-preference'], 'Emulates the prefers-contrast media feature'),
    media: feature(['screen', 'print'], 'Changes the CSS media type of the page'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, response }) {
    if (Object.values(args).every(value => value === undefined))
      throw new Error('Specify at least one media feature to emulate.');
    response.addCode(`await page.emulateMedia(${jsLiteral(args)});`);
    await tab.page.emulateMedia(args);
  },
});

export default [emulateMedia];
