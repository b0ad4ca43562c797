import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { linkedConsoleLines, refOf } from './support/mcp';

test.describe('tools over stdio', () => {
  test('navigate, snapshot, type, select, check and click a form', async ({ mcp, site }) => {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect(nav.isError).toBe(false);
    expect(nav.parsed.code).toBe(`await page.goto('${site.url}/form.html');`);
    expect(nav.parsed.page).toEqual({ url: `${site.url}/form.html`, title: 'Sign up' });
    const yaml = nav.parsed.snapshot!.yaml!;
    expect(yaml).toContain('heading "Sign up" [level=1]');
    // Sections come in the contract's order.
    expect(nav.text.indexOf('### Ran Playwright code')).toBeLessThan(nav.text.indexOf('### Page'));
    expect(nav.text.indexOf('### Page')).toBeLessThan(nav.text.indexOf('### Snapshot'));

    const typed = await mcp.call('browser_type', {
      element: 'Full name',
      target: refOf(yaml, /textbox "Full name"/),
      text: 'Ada Lovelace',
    });
    expect(typed.parsed.code).toBe(`await page.getByTestId('full-name').fill('Ada Lovelace');`);
    // As in @playwright/mcp, typing takes no snapshot unless it submits.
    expect(typed.parsed.snapshot).toBeUndefined();

    // The older `ref` field is accepted as an alias of `target`.
    const email = await mcp.call('browser_type', { ref: refOf(yaml, /textbox "Email"/), text: 'ada@example.com' });
    expect(email.isError).toBe(false);
    expect(email.parsed.code).toBe(`await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');`);

    const selected = await mcp.call('browser_select_option', {
      target: refOf(yaml, /combobox "Country"/),
      values: ['jp'],
    });
    expect(selected.parsed.code).toBe(`await page.getByLabel('Country').selectOption('jp');`);
    expect(selected.parsed.snapshot!.yaml).toMatch(/option "Japan" \[selected\]/);
    expect(selected.parsed.snapshot!.yaml).toMatch(/textbox "Full name".*: Ada Lovelace/);

    const checked = await mcp.call('browser_click', { target: refOf(yaml, /checkbox "I accept the terms"/) });
    expect(checked.parsed.snapshot!.yaml).toMatch(/checkbox "I accept the terms" \[checked\]/);

    const submitted = await mcp.call('browser_click', {
      element: 'Create account',
      target: refOf(yaml, /button "Create account"/),
    });
    expect(submitted.parsed.code).toBe(`await page.getByRole('button', { name: 'Create account' }).click();`);
    expect(submitted.parsed.snapshot!.yaml).toContain(
      'Saved Ada Lovelace <ada@example.com> country=jp terms=true plan=null',
    );
  });

  test('selectors work as targets; unknown refs and bad selectors fail fast with a clear message', async ({
    mcp,
    site,
  }) => {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const bySelector = await mcp.call('browser_type', { target: 'textarea[name=notes]', text: 'hi', submit: true });
    expect(bySelector.isError).toBe(false);
    expect(bySelector.parsed.code).toBe(
      `await page.getByRole('textbox', { name: 'Notes' }).fill('hi');\nawait page.getByRole('textbox', { name: 'Notes' }).press('Enter');`,
    );
    expect(bySelector.parsed.snapshot!.yaml).toMatch(/textbox "Notes".*: hi/);

    const started = Date.now();
    const unknown = await mcp.call('browser_click', { target: 'e999' });
    expect(unknown.isError).toBe(true);
    expect(unknown.parsed.error).toBe(
      'Error: Ref e999 not found in the current page snapshot. Try capturing new snapshot.',
    );
    const none = await mcp.call('browser_click', { target: '#does-not-exist' });
    expect(none.parsed.error).toBe('Error: "#does-not-exist" does not match any elements.');
    const many = await mcp.call('browser_click', { target: 'input' });
    expect(many.parsed.error).toMatch(/Selector "input" matches \d+ elements/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('fill_form fills several kinds of fields in one call', async ({ mcp, site }) => {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const yaml = nav.parsed.snapshot!.yaml!;
    const filled = await mcp.call('browser_fill_form', {
      fields: [
        { name: 'Full name', type: 'textbox', target: refOf(yaml, /textbox "Full name"/), value: 'Grace' },
        { name: 'Terms', type: 'checkbox', target: refOf(yaml, /checkbox "I accept/), value: 'true' },
        { name: 'Pro', type: 'radio', ref: refOf(yaml, /radio "Pro"/), value: 'true' },
        { name: 'Country', type: 'combobox', target: refOf(yaml, /combobox "Country"/), value: 'France' },
      ],
    });
    expect(filled.isError).toBe(false);
    expect(filled.parsed.code!.split('\n')).toEqual([
      `await page.getByTestId('full-name').fill('Grace');`,
      `await page.getByRole('checkbox', { name: 'I accept the terms' }).check();`,
      `await page.getByRole('radio', { name: 'Pro' }).check();`,
      `await page.getByLabel('Country').selectOption('France');`,
    ]);
    // As @playwright/mcp: filling answers without a snapshot; the refs of the last one still act.
    expect(filled.parsed.snapshot).toBeUndefined();
    const submit = await mcp.call('browser_click', { target: refOf(yaml, /button "Create account"/) });
    expect(submit.parsed.snapshot!.yaml).toContain('Saved Grace <> country=fr terms=true plan=pro');
  });

  test('dialogs block other tools until handled', async ({ mcp, site }) => {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/dialogs.html` });
    const yaml = nav.parsed.snapshot!.yaml!;

    const alert = await mcp.call('browser_click', { target: refOf(yaml, /button "Show alert"/) });
    expect(alert.parsed.modalState).toEqual([
      '["alert" dialog with message "Hello from alert"]: can be handled by browser_handle_dialog',
    ]);
    expect(alert.parsed.snapshot).toBeUndefined();
    const blocked = await mcp.call('browser_snapshot');
    expect(blocked.isError).toBe(true);
    expect(blocked.parsed.error).toBe('Error: Tool "browser_snapshot" does not handle the modal state.');
    const handled = await mcp.call('browser_handle_dialog', { accept: true });
    expect(handled.isError).toBe(false);
    expect(handled.parsed.modalState).toBeUndefined();

    await mcp.call('browser_click', { target: refOf(yaml, /button "Show confirm"/) });
    // As @playwright/mcp: the page after the dialog, without a snapshot; the next snapshot shows what it did.
    const dismissed = await mcp.call('browser_handle_dialog', { accept: false });
    expect(dismissed.parsed.snapshot).toBeUndefined();
    expect(dismissed.parsed.page?.title).toBe('Dialogs');
    expect((await mcp.call('browser_snapshot')).parsed.snapshot!.yaml).toContain('cancelled');

    await mcp.call('browser_click', { target: refOf(yaml, /button "Show prompt"/) });
    await mcp.call('browser_handle_dialog', { accept: true, promptText: 'Linus' });
    expect((await mcp.call('browser_snapshot')).parsed.snapshot!.yaml).toContain('name=Linus');

    const noDialog = await mcp.call('browser_handle_dialog', { accept: true });
    expect(noDialog.parsed.error).toBe(
      'Error: The tool "browser_handle_dialog" can only be used when there is related modal state present.',
    );
  });

  test('tabs: pages the site opens become tabs; new, select and close', async ({ mcp, site }) => {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/tabs.html` });
    const opened = await mcp.call('browser_click', {
      target: refOf(nav.parsed.snapshot!.yaml, /link "Open form in new tab"/),
    });
    expect(opened.parsed.tabs).toHaveLength(2);

    const created = await mcp.call('browser_tabs', { action: 'new', url: `${site.url}/dialogs.html` });
    expect(created.parsed.tabs!.map(t => [t.index, t.current, t.title])).toEqual([
      [0, false, 'Tabs home'],
      [1, false, 'Sign up'],
      [2, true, 'Dialogs'],
    ]);
    expect(created.parsed.page!.title).toBe('Dialogs');

    // As @playwright/mcp: select, close and list answer with the tabs as the result, without the page sections.
    const selected = await mcp.call('browser_tabs', { action: 'select', index: 1 });
    expect(selected.parsed.result).toBe(
      `- 0: [Tabs home](${site.url}/tabs.html)\n- 1: (current) [Sign up](${site.url}/form.html)\n- 2: [Dialogs](${site.url}/dialogs.html)`,
    );
    expect(selected.parsed.page).toBeUndefined();

    const closed = await mcp.call('browser_tabs', { action: 'close', index: 0 });
    expect(closed.parsed.result).toBe(
      `- 0: (current) [Sign up](${site.url}/form.html)\n- 1: [Dialogs](${site.url}/dialogs.html)`,
    );

    const listed = await mcp.call('browser_tabs', { action: 'list' });
    expect(listed.parsed.result).toBe(closed.parsed.result);
    const bad = await mcp.call('browser_tabs', { action: 'select', index: 9 });
    expect(bad.parsed.error).toBe('Error: Tab 9 not found');
  });

  test('file upload through the file chooser, drop, and downloads', async ({ mcp, site, workspace }) => {
    const file = join(workspace, 'hello.txt');
    writeFileSync(file, 'hello');
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/upload.html` });
    const yaml = nav.parsed.snapshot!.yaml!;

    const chooser = await mcp.call('browser_click', { target: refOf(yaml, /button "Attachment"/) });
    expect(chooser.parsed.modalState).toEqual(['[File chooser]: can be handled by browser_file_upload']);
    const missing = await mcp.call('browser_file_upload', { paths: [join(workspace, 'nope.txt')] });
    expect(missing.parsed.error).toContain('nope.txt');
    const uploaded = await mcp.call('browser_file_upload', { paths: [file] });
    expect(uploaded.isError).toBe(false);
    expect(uploaded.parsed.snapshot!.yaml).toContain('chosen: hello.txt');

    const dropped = await mcp.call('browser_drop', {
      target: refOf(yaml, /region "Drop zone"/),
      paths: [file],
      data: { 'text/plain': 'note' },
    });
    expect(dropped.isError).toBe(false);
    expect(dropped.parsed.snapshot!.yaml).toContain('dropped: hello.txt text=note');

    const download = await mcp.call('browser_click', { target: refOf(yaml, /link "Download report"/) });
    expect(download.parsed.events).toEqual([
      'Downloading file report.txt ...',
      'Downloaded file report.txt to ".playwright-mcp/report.txt"',
    ]);
    expect(readFileSync(join(workspace, '.playwright-mcp', 'report.txt'), 'utf8')).toBe('quarterly report');
  });

  test('hover, drag, press_key and wait_for', async ({ mcp, site }) => {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/interactions.html` });
    const yaml = nav.parsed.snapshot!.yaml!;
    const hovered = await mcp.call('browser_hover', { target: refOf(yaml, /button "Hover me"/) });
    expect(hovered.parsed.code).toBe(`await page.getByRole('button', { name: 'Hover me' }).hover();`);
    expect(hovered.parsed.snapshot!.yaml).toMatch(/paragraph.*: hovered/);

    const dragged = await mcp.call('browser_drag', {
      startElement: 'Card',
      startTarget: refOf(yaml, /button "Draggable card"/),
      endElement: 'Done',
      endRef: refOf(yaml, /region "Done column"/),
    });
    expect(dragged.parsed.code).toBe(
      `await page.getByRole('button', { name: 'Draggable card' }).dragTo(page.getByRole('region', { name: 'Done column' }));`,
    );
    expect(dragged.parsed.snapshot!.yaml).toContain('moved card');

    await mcp.call('browser_click', { target: refOf(yaml, /textbox "Search"/) });
    // As @playwright/mcp: a key other than Enter answers with its code only; the next snapshot shows what it did.
    const pressed = await mcp.call('browser_press_key', { key: 'ArrowDown' });
    expect(pressed.parsed.code).toBe(`// Press ArrowDown\nawait page.keyboard.press('ArrowDown');`);
    expect(pressed.parsed.snapshot).toBeUndefined();
    expect((await mcp.call('browser_snapshot')).parsed.snapshot!.yaml).toContain('key ArrowDown');

    await mcp.call('browser_click', { target: refOf(yaml, /button "Start slow job"/) });
    const waited = await mcp.call('browser_wait_for', { text: 'Finished loading' });
    expect(waited.parsed.result).toBe('Waited for Finished loading');
    expect(waited.parsed.snapshot!.yaml).toContain('Finished loading');
    const gone = await mcp.call('browser_wait_for', { textGone: 'Loading…', time: 0.1 });
    expect(gone.isError).toBe(false);
    const nothing = await mcp.call('browser_wait_for', {});
    expect(nothing.parsed.error).toContain('Give at least one of "time", "text" or "textGone"');
  });

  test('console messages, network requests and one request in detail', async ({ mcp, site, workspace }) => {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/console.html` });
    expect(nav.parsed.page!.console).toEqual({ errors: 1, warnings: 1 });
    expect(nav.parsed.events).toEqual([
      expect.stringMatching(/^New console entries: \.playwright-mcp\/console-[\dT-]+Z\.log#L1-L3$/),
    ]);
    expect(linkedConsoleLines(nav.text, workspace)).toEqual([
      expect.stringMatching(/^\[ +\d+ms\] \[LOG\] info: page booted @ /),
      expect.stringMatching(/^\[ +\d+ms\] \[WARNING\] warning: deprecated API @ /),
      expect.stringMatching(/^\[ +\d+ms\] \[ERROR\] error: something failed @ /),
    ]);

    const errorsOnly = await mcp.call('browser_console_messages', { level: 'error' });
    expect(errorsOnly.parsed.result!.split('\n')).toEqual([
      'Total messages: 4 (Errors: 1, Warnings: 1)',
      'Returning 1 messages for level "error"',
      '',
      expect.stringMatching(/^\[ERROR\] error: something failed @ /),
    ]);
    const debug = await mcp.call('browser_console_messages', { level: 'debug' });
    expect(debug.parsed.result).toContain('[DEBUG] debug: details');

    const loaded = await mcp.call('browser_click', { target: refOf(nav.parsed.snapshot!.yaml, /button "Load data"/) });
    expect(loaded.parsed.snapshot!.yaml).toContain('loaded 7 echo world');

    const requests = await mcp.call('browser_network_requests', { static: false });
    const lines = requests.parsed.result!.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+\. \[GET\] .*\/api\/data\?item=7 => \[200\] OK$/),
        expect.stringMatching(/^\d+\. \[POST\] .*\/api\/echo => \[200\] OK$/),
        // The page itself is a successful static request: counted, not listed.
        expect.stringMatching(/^Note: \d+ static requests? not shown, run with "static" option to see (it|them)\.$/),
      ]),
    );
    expect(lines.join('\n')).not.toContain('console.html');
    const filtered = await mcp.call('browser_network_requests', { static: false, filter: 'echo' });
    const echoLine = filtered.parsed.result!.split('\n')[0];
    expect(echoLine).toMatch(/\[POST\] .*\/api\/echo/);
    const badFilter = await mcp.call('browser_network_requests', { static: false, filter: '(' });
    expect(badFilter.parsed.error).toContain('Invalid filter regexp "("');

    const index = Number(echoLine.split('.')[0]);
    const detail = await mcp.call('browser_network_request', { index });
    // The details name the bodies to ask for, as @playwright/mcp lays them out.
    expect(detail.parsed.result).toMatch(/^#\d+ \[POST\] .*\/api\/echo\n\n  General\n    status:    \[200\] OK/);
    expect(detail.parsed.result).toContain('    x-echo: yes');
    expect(detail.parsed.result).toContain(
      'Call browser_network_request with part="request-body" to read the request body.',
    );
    const body = await mcp.call('browser_network_request', { index, part: 'request-body' });
    expect(body.parsed.result).toBe('{"hello":"world"}');
    const outOfRange = await mcp.call('browser_network_request', { index: 999 });
    expect(outOfRange.parsed.error).toContain(
      'Request #999 not found. Use browser_network_requests to see available indexes.',
    );
  });

  test('evaluate, find, snapshot options, screenshot, resize, navigate back and close', async ({
    mcp,
    site,
    workspace,
  }) => {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const title = await mcp.call('browser_evaluate', { function: '() => document.title' });
    expect(title.parsed.result).toBe('"Sign up"');
    const onElement = await mcp.call('browser_evaluate', { target: 'h1', function: '(el) => el.tagName' });
    expect(onElement.parsed.result).toBe('"H1"');
    const thrown = await mcp.call('browser_evaluate', { function: '() => { throw new Error("kaboom") }' });
    expect(thrown.parsed.error).toContain('kaboom');

    const found = await mcp.call('browser_find', { text: 'COMBOBOX' });
    expect(found.parsed.result).toMatch(
      /^Found 1 match for "COMBOBOX":\n\n- generic \[active\] \[ref=e1\]:\n(.|\n)*  +- combobox "Country" \[ref=e\d+\]/,
    );
    const regex = await mcp.call('browser_find', { regex: '/^- (radio)/i' });
    expect(regex.parsed.result).toBe('No matches found for /^- (radio)/i.');
    const radios = await mcp.call('browser_find', { regex: 'radio "(Free|Pro)"' });
    expect(radios.parsed.result).toMatch(/^Found 2 matches for \/radio "\(Free\|Pro\)"\/:/);
    const both = await mcp.call('browser_find', { text: 'a', regex: 'a' });
    expect(both.parsed.error).toContain('Provide only one of "text" or "regex", not both.');

    const shallow = await mcp.call('browser_snapshot', { depth: 1 });
    expect(shallow.parsed.snapshot!.yaml).not.toContain('Full name');
    const boxes = await mcp.call('browser_snapshot', { boxes: true });
    expect(boxes.parsed.snapshot!.yaml).toMatch(/\[box=\d+,\d+,\d+,\d+\]/);
    const saved = await mcp.call('browser_snapshot', { filename: 'snap.yml' });
    expect(saved.parsed.snapshot).toEqual({ file: './snap.yml' });
    expect(readFileSync(join(workspace, 'snap.yml'), 'utf8')).toContain('heading "Sign up"');
    const outside = await mcp.call('browser_snapshot', { filename: '/etc/evil.yml' });
    expect(outside.parsed.error).toContain('files must be inside the workspace root');

    const shot = await mcp.call('browser_take_screenshot', { type: 'jpeg' });
    expect(shot.images).toHaveLength(1);
    expect(shot.images[0].mimeType).toBe('image/jpeg');
    const link = shot.parsed.result!.match(/\((.*)\)/)![1];
    expect(existsSync(join(workspace, link))).toBe(true);
    const element = await mcp.call('browser_take_screenshot', { target: 'h1', filename: 'heading.png' });
    expect(element.parsed.code).toBe(
      `// Screenshot element and save it as ./heading.png\nawait page.getByRole('heading', { name: 'Sign up' }).screenshot({ path: './heading.png', scale: 'css', type: 'png' });`,
    );
    expect(element.images).toHaveLength(0);
    expect(readFileSync(join(workspace, 'heading.png')).subarray(1, 4).toString()).toBe('PNG');

    const resized = await mcp.call('browser_resize', { width: 500, height: 400 });
    expect(resized.parsed.code).toBe('await page.setViewportSize({ width: 500, height: 400 });');
    const size = await mcp.call('browser_evaluate', { function: '() => [innerWidth, innerHeight]' });
    expect(JSON.parse(size.parsed.result!)).toEqual([500, 400]);

    const nav = await mcp.call('browser_navigate', { url: `${site.url}/dialogs.html` });
    expect(nav.parsed.page!.title).toBe('Dialogs');
    const back = await mcp.call('browser_navigate_back');
    expect(back.parsed.page!.title).toBe('Sign up');

    const closed = await mcp.call('browser_close');
    expect(closed.isError).toBe(false);
    const reopened = await mcp.call('browser_navigate', { url: `${site.url}/dialogs.html` });
    expect(reopened.parsed.page!.title).toBe('Dialogs');
    expect(reopened.parsed.tabs).toBeUndefined();
  });
});
