import { expect, test } from '@playwright/test';
import { renderStatement, type CodeAction, type Language } from './action';

const SUBMIT = "page.getByRole('button', { name: 'Submit' })";
const NAME = "page.getByRole('textbox', { name: 'Name' })";

/** Each action in each language, as @playwright/mcp 0.0.83 writes it (read from its answers). */
const CASES: [CodeAction, Record<Exclude<Language, 'typescript'>, string>][] = [
  [
    { name: 'navigate', url: 'http://127.0.0.1/a?q="x"' },
    {
      python: 'page.goto("http://127.0.0.1/a?q=\\"x\\"")',
      java: 'page.navigate("http://127.0.0.1/a?q=\\"x\\"");',
      csharp: 'await page.GotoAsync("http://127.0.0.1/a?q=\\"x\\"");',
    },
  ],
  [
    { name: 'click', locator: SUBMIT, clickCount: 1 },
    {
      python: 'page.get_by_role("button", name="Submit").click()',
      java: 'page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Submit")).click();',
      csharp: 'await page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync();',
    },
  ],
  [
    { name: 'click', locator: SUBMIT, button: 'right', modifiers: ['Alt', 'Meta'], clickCount: 1 },
    {
      python: 'page.get_by_role("button", name="Submit").click(button="right", modifiers=["Alt", "ControlOrMeta"])',
      java: 'page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Submit")).click(new Locator.ClickOptions()\n  .setButton(MouseButton.RIGHT)\n  .setModifiers(Arrays.asList(KeyboardModifier.ALT, KeyboardModifier.CONTROLORMETA)));',
      csharp:
        'await page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync(new()\n{\n    Button = MouseButton.Right,\n    Modifiers = new[] { KeyboardModifier.Alt, KeyboardModifier.ControlOrMeta },\n});',
    },
  ],
  [
    { name: 'click', locator: SUBMIT, button: 'middle', modifiers: [], clickCount: 2 },
    {
      python: 'page.get_by_role("button", name="Submit").dblclick(button="middle")',
      java: 'page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Submit")).dblclick(new Locator.ClickOptions()\n  .setButton(MouseButton.MIDDLE));',
      csharp:
        'await page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).DblClickAsync(new()\n{\n    Button = MouseButton.Middle,\n});',
    },
  ],
  [
    {
      name: 'click',
      locator: "page.locator('iframe').contentFrame().getByRole('button', { name: 'Inner' })",
      clickCount: 1,
    },
    {
      python: 'page.locator("iframe").content_frame.get_by_role("button", name="Inner").click()',
      java: 'page.locator("iframe").contentFrame().getByRole(AriaRole.BUTTON, new FrameLocator.GetByRoleOptions().setName("Inner")).click();',
      csharp:
        'await page.Locator("iframe").ContentFrame.GetByRole(AriaRole.Button, new() { Name = "Inner" }).ClickAsync();',
    },
  ],
  [
    { name: 'uncheck', locator: "page.getByRole('checkbox', { name: 'Agree' })" },
    {
      python: 'page.get_by_role("checkbox", name="Agree").uncheck()',
      java: 'page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("Agree")).uncheck();',
      csharp: 'await page.GetByRole(AriaRole.Checkbox, new() { Name = "Agree" }).UncheckAsync();',
    },
  ],
  [
    { name: 'fill', locator: NAME, text: { value: 'it\'s "q"\n' } },
    {
      python: 'page.get_by_role("textbox", name="Name").fill("it\'s \\"q\\"\\n")',
      java: 'page.getByRole(AriaRole.TEXTBOX, new Page.GetByRoleOptions().setName("Name")).fill("it\'s \\"q\\"\\n");',
      csharp: 'await page.GetByRole(AriaRole.Textbox, new() { Name = "Name" }).FillAsync("it\'s \\"q\\"\\n");',
    },
  ],
  [
    { name: 'fill', locator: NAME, text: { secret: 'X-PASSWORD' } },
    {
      python: 'page.get_by_role("textbox", name="Name").fill(os.environ["X-PASSWORD"])',
      java: 'page.getByRole(AriaRole.TEXTBOX, new Page.GetByRoleOptions().setName("Name")).fill(System.getenv("X-PASSWORD"));',
      csharp:
        'await page.GetByRole(AriaRole.Textbox, new() { Name = "Name" }).FillAsync(Environment.GetEnvironmentVariable("X-PASSWORD"));',
    },
  ],
  [
    { name: 'press', locator: NAME, key: 'Enter' },
    {
      python: 'page.get_by_role("textbox", name="Name").press("Enter")',
      java: 'page.getByRole(AriaRole.TEXTBOX, new Page.GetByRoleOptions().setName("Name")).press("Enter");',
      csharp: 'await page.GetByRole(AriaRole.Textbox, new() { Name = "Name" }).PressAsync("Enter");',
    },
  ],
  [
    { name: 'select', locator: "page.getByLabel('Color')", options: ['red', 'blue'] },
    {
      python: 'page.get_by_label("Color").select_option(["red", "blue"])',
      java: 'page.getByLabel("Color").selectOption(new String[] {"red", "blue"});',
      csharp: 'await page.GetByLabel("Color").SelectOptionAsync(new[] { "red", "blue" });',
    },
  ],
  [
    { name: 'select', locator: "page.getByLabel('Color')", options: ['red'] },
    {
      python: 'page.get_by_label("Color").select_option("red")',
      java: 'page.getByLabel("Color").selectOption("red");',
      csharp: 'await page.GetByLabel("Color").SelectOptionAsync(new[] { "red" });',
    },
  ],
  [
    { name: 'assertVisible', locator: "page.getByText('one')" },
    {
      python: 'expect(page.get_by_text("one")).to_be_visible()',
      java: 'assertThat(page.getByText("one")).isVisible();',
      csharp: 'await Expect(page.GetByText("one")).ToBeVisibleAsync();',
    },
  ],
  [
    { name: 'assertChecked', locator: "page.getByRole('checkbox', { name: 'Agree' })", checked: false },
    {
      python: 'expect(page.get_by_role("checkbox", name="Agree")).not_to_be_checked()',
      java: 'assertThat(page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("Agree"))).not().isChecked();',
      csharp: 'await Expect(page.GetByRole(AriaRole.Checkbox, new() { Name = "Agree" })).Not.ToBeCheckedAsync();',
    },
  ],
  [
    { name: 'assertValue', locator: NAME, value: '' },
    {
      python: 'expect(page.get_by_role("textbox", name="Name")).to_be_empty()',
      java: 'assertThat(page.getByRole(AriaRole.TEXTBOX, new Page.GetByRoleOptions().setName("Name"))).isEmpty();',
      csharp: 'await Expect(page.GetByRole(AriaRole.Textbox, new() { Name = "Name" })).ToBeEmptyAsync();',
    },
  ],
  [
    { name: 'assertSnapshot', locator: "page.locator('body')", ariaSnapshot: '- list:\n  - listitem: "one"' },
    {
      python: 'expect(page.locator("body")).to_match_aria_snapshot("- list:\\n  - listitem: \\"one\\"")',
      java: 'assertThat(page.locator("body")).matchesAriaSnapshot("- list:\\n  - listitem: \\"one\\"");',
      csharp: 'await Expect(page.Locator("body")).ToMatchAriaSnapshotAsync("- list:\\n  - listitem: \\"one\\"");',
    },
  ],
];

for (const [i, [action, expected]] of CASES.entries()) {
  test(`${i + 1}. ${action.name} in every language, as @playwright/mcp writes it`, () => {
    for (const [language, code] of Object.entries(expected))
      expect(renderStatement(action, language as Language), language).toBe(code);
  });
}

test("TypeScript keeps the pressed modifiers and this server's spelling; a string statement stays as written everywhere", () => {
  expect(
    renderStatement(
      { name: 'click', locator: SUBMIT, button: 'left', modifiers: ['Meta', 'Shift'], clickCount: 1 },
      'typescript',
    ),
  ).toBe(`await ${SUBMIT}.click({ modifiers: ['Meta', 'Shift'] });`);
  expect(renderStatement({ name: 'fill', locator: NAME, text: { secret: 'X-PASSWORD' } }, 'typescript')).toBe(
    `await ${NAME}.fill(process.env['X-PASSWORD']);`,
  );
  expect(
    renderStatement(
      { name: 'assertSnapshot', locator: "page.locator('body')", ariaSnapshot: '- list:\n  - listitem: "a`b"' },
      'typescript',
    ),
  ).toBe('await expect(page.locator(\'body\')).toMatchAriaSnapshot(`\n  - list:\n    - listitem: "a\\`b"\n  `);');
  for (const language of ['python', 'java', 'csharp'] as const)
    expect(renderStatement("await page.keyboard.press('Escape');", language)).toBe(
      "await page.keyboard.press('Escape');",
    );
});
