import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright';
import { z } from 'zod';
import { linkPath, outputPath, timestamp } from '../files';
import { defineTool, targetField } from '../tool';
import { annotate } from './annotate';

// The `devtools` capability (`tracing` is its older name): highlights, traces, videos and the action overlays.
// Resuming a paused test script needs Playwright's debugger and answers that it is not available here; annotating
// asks a person in the inspector (annotate.ts); recording user actions collects the human steps a person does meanwhile.

const devtools = { scope: 'page', capability: 'devtools' } as const;

const highlight = defineTool({
  ...devtools,
  name: 'browser_highlight',
  title: 'Highlight element',
  description: 'Show a persistent highlight overlay around the element on the page.',
  schema: z.strictObject({
    element: z
      .string()
      .optional()
      .describe('Human-readable element description used to obtain permission to interact with the element'),
    target: targetField,
    style: z
      .string()
      .optional()
      .describe('Additional inline CSS applied to the highlight overlay, e.g. "outline: 2px dashed red".'),
  }),
  readOnly: true,
  async handler({ args, tab, response }) {
    const { locator } = await tab.locator(args.target);
    await locator.highlight({ style: args.style });
    response.addResult(`Highlighted ${args.element ?? locator}`);
  },
});

const hideHighlight = defineTool({
  ...devtools,
  name: 'browser_hide_highlight',
  title: 'Hide element highlight',
  description: 'Remove a highlight overlay previously added for the element.',
  schema: z.strictObject({
    element: z
      .string()
      .optional()
      .describe(
        'Human-readable element description used when adding the highlight; must match the value passed to browser_highlight.',
      ),
    target: z
      .string()
      .optional()
      .describe('Exact target element reference from the page snapshot, or a unique element selector'),
  }),
  readOnly: true,
  async handler({ args, tab, response }) {
    if (!args.target) {
      await tab.page.hideHighlight();
      return response.addResult('Hid page highlight');
    }
    const { locator } = await tab.locator(args.target);
    await locator.hideHighlight();
    response.addResult(`Hid highlight for ${locator}`);
  },
});

/** The trace file each browser context is recording into, while browser_start_tracing's trace runs. */
const traces = new WeakMap<BrowserContext, { file: string; shown: string }>();

const startTracing = defineTool({
  ...devtools,
  name: 'browser_start_tracing',
  title: 'Start tracing',
  description: 'Start trace recording',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ tab, context, response }) {
    const browserContext = tab.page.context();
    if (context.config.saveTrace)
      throw new Error(
        `This session is traced as a whole already (--save-trace ${context.config.saveTrace}); its trace is saved when the session ends.`,
      );
    if (traces.has(browserContext)) throw new Error('Tracing is already started; call browser_stop_tracing first.');
    const file = join(context.workspace.outputDir, 'traces', `trace-${timestamp()}.zip`);
    await browserContext.tracing.start({ screenshots: true, snapshots: true, sources: false });
    const trace = { file, shown: linkPath(context.workspace, file, false) };
    traces.set(browserContext, trace);
    response.addResult(`Trace recording started\n- [Trace](${trace.shown})`);
  },
});

const stopTracing = defineTool({
  ...devtools,
  name: 'browser_stop_tracing',
  title: 'Stop tracing',
  description: 'Stop trace recording',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ tab, response }) {
    const browserContext = tab.page.context();
    const trace = traces.get(browserContext);
    if (!trace) throw new Error('Tracing is not started');
    traces.delete(browserContext);
    await browserContext.tracing.stop({ path: trace.file });
    response.addResult(`Trace recording stopped.\n- [Trace](${trace.shown})`);
  },
});

/** The video file of each page being recorded by browser_start_video. */
const videos = new WeakMap<Page, { shown: string }>();

const startVideo = defineTool({
  ...devtools,
  name: 'browser_start_video',
  title: 'Start video',
  description: 'Start video recording',
  schema: z.strictObject({
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the video to. Relative file names are resolved against the workspace root. If not specified, the video is saved into the output directory as `video-{timestamp}.webm`.',
      ),
    size: z
      .strictObject({
        width: z.number().describe('Video width'),
        height: z.number().describe('Video height'),
      })
      .optional()
      .describe('Video size'),
    fps: z.number().optional().describe('Video frame rate in frames per second, defaults to 25'),
    cursor: z
      .boolean()
      .optional()
      .describe(
        'Render an animated mouse cursor that travels to each action point. Paces actions by 800ms so that the cursor has time to travel.',
      ),
  }),
  readOnly: true,
  async handler({ args, tab, context, response }) {
    if (videos.has(tab.page)) throw new Error('This tab is being recorded already; call browser_stop_video first.');
    const file = outputPath(context.workspace, args.filename, `video-${timestamp()}.webm`);
    await tab.page.screencast.start({ path: file, size: args.size, fps: args.fps });
    videos.set(tab.page, { shown: linkPath(context.workspace, file, !!args.filename) });
    if (args.cursor) await tab.page.screencast.showActions({ cursor: 'pointer' });
    response.addResult('Video recording started.');
  },
});

const stopVideo = defineTool({
  ...devtools,
  name: 'browser_stop_video',
  title: 'Stop video',
  description: 'Stop video recording',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ context, response }) {
    const recorded = context.tabs.filter(t => videos.has(t.page));
    if (!recorded.length) return response.addResult('No videos were recorded.');
    for (const { page } of recorded) {
      await page.screencast.stop();
      response.addResult(`- [Video](${videos.get(page)!.shown})`);
      videos.delete(page);
    }
  },
});

const videoChapter = defineTool({
  ...devtools,
  name: 'browser_video_chapter',
  title: 'Video chapter',
  description: 'Add a chapter marker to the video recording. Shows a full-screen chapter card with blurred backdrop.',
  schema: z.strictObject({
    title: z.string().describe('Chapter title'),
    description: z.string().optional().describe('Chapter description'),
    duration: z.number().optional().describe('Duration in milliseconds to show the chapter card'),
  }),
  readOnly: true,
  async handler({ args, tab, response }) {
    await tab.page.screencast.showChapter(args.title, { description: args.description, duration: args.duration });
    response.addResult(`Chapter '${args.title}' added.`);
  },
});

const videoShowActions = defineTool({
  ...devtools,
  name: 'browser_video_show_actions',
  title: 'Show action overlays',
  description:
    'Annotate subsequent actions performed on the page with a callout that names the action and, when styled, marks the action point and highlights the target element. Useful while video recording or screencasting.',
  schema: z.strictObject({
    duration: z
      .number()
      .optional()
      .describe('How long each action annotation stays on screen, in milliseconds. Defaults to 500.'),
    position: z
      .enum(['top-left', 'top', 'top-right', 'bottom-left', 'bottom', 'bottom-right'])
      .optional()
      .describe('Where to place the action title relative to the page. Defaults to top-right.'),
    cursor: z
      .enum(['none', 'pointer'])
      .optional()
      .describe(
        'Cursor decoration for pointer actions. "pointer" (default) animates a mouse pointer from the previous action point to the next one; "none" disables the cursor decoration.',
      ),
    style: z
      .strictObject({
        point: z
          .string()
          .optional()
          .describe(
            'CSS declarations for the zero-sized marker centered on the action point, e.g. "width: 20px; height: 20px; border-radius: 50%; background: red". Not shown when omitted.',
          ),
        highlight: z
          .string()
          .optional()
          .describe(
            'CSS declarations for the box that covers the target element, e.g. "outline: 2px solid #333". Not shown when omitted.',
          ),
        title: z.string().optional().describe('CSS declarations for the action title, e.g. "font-size: 16px".'),
      })
      .optional()
      .describe('Styles of the action decorations.'),
  }),
  readOnly: true,
  async handler({ args, tab, response }) {
    await tab.page.screencast.showActions(args);
    response.addResult('Action annotations enabled.');
  },
});

const videoHideActions = defineTool({
  ...devtools,
  name: 'browser_video_hide_actions',
  title: 'Hide action overlays',
  description: 'Stop annotating actions performed on the page.',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ tab, response }) {
    await tab.page.screencast.hideActions();
    response.addResult('Action annotations disabled.');
  },
});

/** A peer tool that needs Playwright's debugger or dashboard, which this server does not run. */
const unavailable = (
  name: string,
  title: string,
  description: string,
  readOnly: boolean,
  why: string,
  schema: z.ZodObject = z.strictObject({}),
) =>
  defineTool({
    ...devtools,
    name,
    title,
    description,
    schema,
    readOnly,
    async handler() {
      throw new Error(`${name} is not available here: ${why}`);
    },
  });

const resume = unavailable(
  'browser_resume',
  'Resume paused script execution',
  'Resume script execution after it was paused. When called with step set to true, execution will pause again before the next action.',
  false,
  'this server never pauses a script, so there is nothing to resume.',
  z.strictObject({
    step: z
      .boolean()
      .optional()
      .describe('When true, execution will pause again before the next action, allowing step-by-step debugging.'),
    location: z.string().optional().describe('Pause execution at a specific <file>:<line>, e.g. "example.spec.ts:42".'),
  }),
);

const startRecording = defineTool({
  ...devtools,
  name: 'browser_start_recording',
  title: 'Start recording user actions',
  description:
    'Start recording actions that the user performs in the browser as Playwright code. Use it when the user wants to demonstrate a flow manually. Call browser_stop_recording when the user says they are done to retrieve the recorded actions.',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ tab, context, response }) {
    // What a person does by hand is captured as human steps (see human/); without them there is nothing to record.
    if (!context.startRecording())
      throw new Error('Recording needs the capture of what a person does by hand, which --no-human-steps turned off.');
    await tab.page.bringToFront();
    response.addResult('Recording started. Call browser_stop_recording to retrieve the recorded actions.');
  },
});

const stopRecording = defineTool({
  ...devtools,
  name: 'browser_stop_recording',
  title: 'Stop recording user actions',
  description:
    'Stop the recording started with browser_start_recording and return the recorded actions as Playwright code.',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ context, response }) {
    const recorded = context.stopRecording();
    if (!recorded) throw new Error('No recording in progress, use browser_start_recording to start one.');
    response.addResult(
      recorded.length
        ? `Recording stopped. Recorded actions:\n\n\`\`\`js\n${recorded.join('\n')}\n\`\`\``
        : 'Recording stopped. No actions were recorded.',
    );
    response.includeSnapshot();
  },
});

export default [
  resume,
  highlight,
  hideHighlight,
  annotate,
  startRecording,
  stopRecording,
  startTracing,
  stopTracing,
  startVideo,
  stopVideo,
  videoChapter,
  videoShowActions,
  videoHideActions,
];
