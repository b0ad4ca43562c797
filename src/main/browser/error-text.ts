/** The first line of what was thrown: an error's message without the call log or stack Playwright appends below it. */
export const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];
