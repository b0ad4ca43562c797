/** Sizes as the Response tab writes them. */
export const bytesText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(2)} MB`;

export const tokensText = (tokens: number, estimate = false) =>
  `${estimate ? '≈' : ''}${tokens.toLocaleString('en-US')} token${tokens === 1 ? '' : 's'}`;

const encoder = new TextEncoder();
/** UTF-8 bytes: what the agent's transport carried, not UTF-16 string length. */
export const utf8Bytes = (text: string) => encoder.encode(text).length;
