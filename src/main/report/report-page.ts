/**
 * The report's index.html. Classic scripts, not modules: a page opened from file:// may not load module scripts. The
 * data's index first (it declares the runs), then the viewer. The policy keeps every request inside the folder: images
 * and scripts from it, no connections, no fonts or styles from elsewhere.
 */
export function reportPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src blob:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Agent Inspector report</title>
    <link rel="stylesheet" href="viewer/viewer.css" />
  </head>
  <body>
    <div id="root"></div>
    <script src="data/index.js"></script>
    <script src="viewer/viewer.js"></script>
  </body>
</html>
`;
}
